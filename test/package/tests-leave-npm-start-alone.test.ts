import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';
import { startServer, type ServerProcess } from '../support/server-process.js';

// `npm test` while `npm start` runs: no test may take the default state directory (one
// server owns it) or the default port 4010.
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

describe('tests leave a running npm start alone', () => {
  it('starts the real bin with its state in memory unless a test names one', async () => {
    const server = await startServer();
    running.push(server);
    expect(server.output()).toMatch(/state {5}in memory/);
    expect(server.baseUrl).not.toMatch(/:4010$/);
  });

  it('never passes the default port or state directory to a server', () => {
    const offenders = filesUnder(join(ROOT, 'test'))
      .concat(filesUnder(join(ROOT, 'scripts')))
      .filter((file) =>
        /['"]--port['"],\s*['"]4010['"]|\.authmock\/state|['"]\.authmock['"],\s*['"]state['"]/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== 'test/package/tests-leave-npm-start-alone.test.ts');
    expect(offenders).toEqual([]);
  });
});
