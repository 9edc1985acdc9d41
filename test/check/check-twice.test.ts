import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, runCheck, startAuthmock, stopAll, type Started } from './support.js';

describe('authmock check against an authmock runs in a namespace of its own', () => {
  let server: Started;

  beforeAll(async () => {
    server = await startAuthmock();
  });
  afterAll(stopAll);

  it('passes twice in a row against one server, lockout flow included', async () => {
    for (const round of [1, 2]) {
      const run = await runCheck(['--target', server.url, '--quiet']);
      expect(failures(run.report), `round ${round}\n${run.stdout}${run.stderr}`).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.report.cases.map((c) => c.id)).toContain('commerce.flow.lockout');
      expect(run.stdout).toMatch(new RegExp(`commerce ${server.url}/__ns/check-[0-9a-f]{12}/rest`));
    }
  });

  it('leaves the default accounts unlocked and deletes its namespace', async () => {
    const lockouts = await (await fetch(`${server.url}/__authmock/lockouts`)).json();
    expect(JSON.stringify(lockouts)).not.toContain('john.smith@example.com');
    const namespaces = (await (await fetch(`${server.url}/__authmock/namespaces`)).json()) as { name: string }[];
    expect(namespaces.map((n) => n.name).filter((n) => n.startsWith('check-'))).toEqual([]);
    const login = await fetch(`${server.url}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'john.smith@example.com', password: 'John-Smith-1' }),
    });
    expect(login.status).toBe(200);
  });
});
