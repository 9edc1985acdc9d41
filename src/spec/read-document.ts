import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseYaml } from './parse-yaml.js';
import { SpecError } from './spec-error.js';

/**
 * A spec file's text parsed as YAML (JSON is YAML too), or a SpecError naming the file
 * and, where the parser knows it, the line and column of the problem.
 */
export function readDocument(path: string): Record<string, any> {
  const file = basename(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SpecError(file, '', undefined, `cannot be read: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parseJsonOrYaml(text);
  } catch (err) {
    const at = (err as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    const where = at ? ` at line ${at.line}, column ${at.col}` : '';
    // the parser's message ends with the position it names, said once here
    const message = firstLine((err as Error).message).replace(/ at line \d+, column \d+:?\s*$/, '');
    throw new SpecError(file, '', undefined, `is not valid YAML or JSON${where}: ${message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new SpecError(file, '', undefined, 'is not an OpenAPI document (not an object)');
  return doc as Record<string, any>;
}

/**
 * A JSON file through JSON.parse, many times faster than a YAML parser on a vendor's
 * megabyte-sized spec; YAML (JSON is YAML too) for the rest, and for JSON that JSON.parse
 * refuses, so the error names a line and column.
 */
function parseJsonOrYaml(text: string): unknown {
  if (/^\uFEFF?\s*\{/.test(text)) {
    try {
      return JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      // below
    }
  }
  return parseYaml(text);
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
