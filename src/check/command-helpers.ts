import { writeFileSync } from 'node:fs';
import { makeDirectory } from '../core/make-directory.js';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../core/usage-error.js';

/** The target `--list` plans its cases against when none is given: it sends nothing. */
export const LISTED_TARGET = 'http://localhost';

/** An http(s) URL without credentials in it, or a usage error. */
export function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`only http and https URLs can be checked: ${url}`);
  if (parsed.username || parsed.password)
    throw new UsageError('credentials do not belong in the URL: use --credentials or AUTHMOCK_* variables');
  return url;
}

/** A flag's value as a whole number above 0, or a usage error naming the flag. */
export function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number above 0, got ${value}`);
  return n;
}

/** Writes a report, making its directory; returns the absolute path for the summary. */
export function writeReport(file: string, text: string): string {
  const path = resolve(file);
  makeDirectory(dirname(path));
  writeFileSync(path, text);
  return path;
}
