import { readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { lintFindings, repoRoot } from './run-lint.js';

test('the specs authmock serves lint clean with the package configuration, at every severity', async () => {
  const run = await lintFindings([], ['--fail-severity', 'hint']);
  expect(run.stderr).toBe('');
  expect(run.findings).toEqual([]);
  expect(run.code).toBe(0);
});

test("linted with the bare exported ruleset (--owasp), they still have no finding of authmock's own rules", async () => {
  const run = await lintFindings(['specs/*.openapi.yaml'], ['--owasp']);
  expect(run.findings.filter((f) => f.code.startsWith('authmock-'))).toEqual([]);
  // what the package .spectral.yaml turns off, with reasons, is OWASP's
  expect(run.findings.some((f) => f.code.startsWith('owasp:'))).toBe(true);
});

/** Every `<api>Handlers` map exported by an index.ts in a handlers folder under src/, keyed by API. */
async function findHandlerMaps(): Promise<Record<string, string[]>> {
  const maps: Record<string, string[]> = {};
  const visit = async (dir: string): Promise<void> => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) await visit(path);
      else if (name === 'index.ts' && path.split(sep).includes('handlers')) {
        const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
        for (const [exported, value] of Object.entries(module)) {
          const api = /^(\w+)Handlers$/.exec(exported)?.[1];
          if (api && value && typeof value === 'object') maps[api] = Object.keys(value).sort();
        }
      }
    }
  };
  await visit(join(repoRoot, 'src'));
  return maps;
}

test('authmock-served-example knows exactly the operations the server has handlers for', async () => {
  const maps = await findHandlerMaps();
  const servedApis = pathToFileURL(join(repoRoot, 'spectral', 'functions', 'served-apis.js')).href;
  const { SERVED_APIS } = (await import(servedApis)) as { SERVED_APIS: Record<string, { handled: string[] }> };
  const expected = Object.fromEntries(
    Object.entries(SERVED_APIS).map(([file, api]) => [file.replace('.openapi.yaml', ''), [...api.handled].sort()]),
  );
  expect(maps).toEqual(expected);
});
