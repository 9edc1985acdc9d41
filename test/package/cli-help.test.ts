import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';

const help = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'bin', 'authmock.js'), ...args, '--help'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, COLUMNS: '200' },
  });

it('serve --help names each lifetime flag once per word: "social tokens", not "social social tokens"', () => {
  const { status, stdout } = help('serve');
  expect(status).toBe(0);
  expect(stdout).toMatch(/--social-token-lifetime <s> +social tokens expire after/);
  expect(stdout).toMatch(/--customer-token-lifetime <s> +commerce customer tokens expire after/);
  expect(stdout).not.toMatch(/\b(\w+) \1\b/);
});

it('serve --help shows where the state goes and the log flags', () => {
  const text = help('serve').stdout.replace(/\s+/g, ' ');
  expect(text).toMatch(
    /--state <dir\|memory\|redis-url> where tokens, revocations and lockouts persist \(env AUTHMOCK_STATE; default: \S+ in the working directory\)/,
  );
  for (const flag of ['--log-level <level>', '--log-format <format>', '-q, --quiet']) expect(text).toContain(flag);
});
