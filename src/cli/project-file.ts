import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { SpecEntry } from '../config.js';
import { parseYaml } from '../spec/parse-yaml.js';
import { UsageError } from '../core/usage-error.js';

/** The project file a plain `npx authmock serve` reads from the working directory. */
export const PROJECT_FILE = 'authmock.yaml';

/** What a project file says: the specs to serve and any `serve` option, as the flags would. */
export interface ProjectFile {
  file: string;
  specs: (string | SpecEntry)[];
  /** option name (camelCase, as the flag: journalSize) -> its value as the flag would take it */
  serve: Record<string, string | string[] | boolean>;
  /** folders besides each spec's own that its `$ref`s may read, absolute */
  refRoots: string[];
}

/**
 * `authmock.yaml` (or `--config <file>`): the specs, each a path or `{ spec, identities }`
 * relative to the file, or a built-in API's name, and `serve` options by their flag's name
 * in camelCase (`journalSize: 500`, `logFormat: json`), and `refRoots`, folders relative
 * to the file whose files the specs' `$ref`s may read besides each spec's own folder.
 * Unknown keys are an error naming the key: a typo would otherwise do nothing, silently.
 */
export function readProjectFile(file: string, knownOptions: readonly string[]): ProjectFile {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8')) ?? {};
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message.split('\n')[0]}`);
  }
  const fail = (where: string, why: string): never => {
    throw new UsageError(`${file}: ${where} ${why}`);
  };
  if (!isObject(doc)) return fail('', 'must be a mapping with specs and serve');
  for (const key of Object.keys(doc))
    if (!['specs', 'serve', 'refRoots'].includes(key)) fail(key, 'is not a known key (known: specs, serve, refRoots)');
  const base = dirname(resolve(file));
  const inside = (path: string) => (isAbsolute(path) ? path : resolve(base, path));
  const specs = (Array.isArray(doc.specs) ? doc.specs : doc.specs === undefined ? [] : fail('specs', 'must be a list')).map((entry, i) => {
    if (typeof entry === 'string') return /[./\\]/.test(entry) ? inside(entry) : entry;
    if (!isObject(entry) || typeof entry.spec !== 'string')
      return fail(`specs[${i}]`, 'must be a path, a built-in API name, or { spec, identities }');
    const extra = Object.keys(entry).find((k) => k !== 'spec' && k !== 'identities');
    if (extra) fail(`specs[${i}].${extra}`, 'is not a known key (known: spec, identities)');
    if (entry.identities !== undefined && typeof entry.identities !== 'string') fail(`specs[${i}].identities`, 'must be a path');
    return { spec: inside(entry.spec), ...(entry.identities ? { identities: inside(entry.identities as string) } : {}) };
  });
  const serve: ProjectFile['serve'] = {};
  const options = doc.serve === undefined ? {} : isObject(doc.serve) ? doc.serve : fail('serve', 'must be a mapping of options');
  for (const [key, value] of Object.entries(options)) {
    if (!knownOptions.includes(key))
      fail(`serve.${key}`, `is not a serve option (options are the flags in camelCase: ${knownOptions.join(', ')})`);
    if (typeof value === 'boolean') serve[key] = value;
    else if (typeof value === 'number' || typeof value === 'string') serve[key] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) serve[key] = value;
    else fail(`serve.${key}`, 'must be a string, a number, a boolean or a list of strings');
  }
  // a state directory named in the file is the file's, wherever authmock is started from
  if (typeof serve.state === 'string' && serve.state !== 'memory' && !/^rediss?:|^redis$/.test(serve.state))
    serve.state = inside(serve.state);
  const refRoots = (doc.refRoots === undefined ? [] : Array.isArray(doc.refRoots) ? doc.refRoots : fail('refRoots', 'must be a list')).map(
    (root, i) => (typeof root === 'string' && root ? inside(root) : fail(`refRoots[${i}]`, 'must be a path')),
  );
  return { file, specs, serve, refRoots };
}

/**
 * The `refRoots` of the project file in `cwd`, for the commands that read specs without
 * serving them (`check --spec`, `lint`): the same folders `serve` lets a spec's refs read.
 */
export function readProjectRefRoots(cwd: string): string[] {
  const file = findProjectFile(undefined, cwd);
  if (!file) return [];
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8'));
  } catch {
    return []; // serve names what is wrong with the file
  }
  const roots = isObject(doc) && Array.isArray(doc.refRoots) ? doc.refRoots : [];
  const base = dirname(resolve(file));
  return roots.filter((r): r is string => typeof r === 'string' && r !== '').map((r) => (isAbsolute(r) ? r : resolve(base, r)));
}

/** The project file to read: the one named, else `authmock.yaml` in the working directory if there is one. */
export function findProjectFile(named: string | undefined, cwd: string): string | undefined {
  if (named) {
    if (!existsSync(named)) throw new UsageError(`--config ${named}: no such file`);
    return named;
  }
  const here = resolve(cwd, PROJECT_FILE);
  return existsSync(here) ? here : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
