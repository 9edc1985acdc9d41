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

it('serve --help lists the serving options, then state and Redis, then the built-in APIs', () => {
  const { stdout } = help('serve');
  const headings = [...stdout.matchAll(/^(\S[^\n]*):$/gm)].map((m) => m[1]);
  expect(headings).toEqual(['Arguments', 'Options', 'State and Redis', 'Built-in APIs (commerce, social)']);
  const section = (heading: string) => stdout.split(`${heading}:\n`)[1]!.split(/\n\n/)[0]!;
  expect(section('Options')).toContain('--port <port>');
  expect(section('Options')).toContain('--user-token-lifetime <s>');
  expect(section('Options')).not.toContain('--oauth-sha1');
  for (const flag of ['--state <dir|memory|redis-url>', '--reset', '--max-namespaces <n>', '--instance-name <name>'])
    expect(section('State and Redis')).toContain(flag);
  for (const flag of [
    '--builtin-specs <dir>',
    '--fixtures <dir>',
    '--customer-token-lifetime <s>',
    '--lockout-failures <n>',
    '--lockout-seconds <s>',
    '--oauth-sha1',
    '--integration-as-bearer',
    '--admin-2fa',
  ])
    expect(section('Built-in APIs (commerce, social)')).toContain(flag);
  expect(stdout).not.toMatch(/--specs\b/);
});

it('--specs, the old name of --builtin-specs, still works and says it is deprecated', () => {
  const { status, stderr } = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'authmock.js'), 'serve', '--port', '0', '--state', 'memory', '--specs', '/nonexistent/specs'],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(stderr).toContain('--specs is deprecated; use --builtin-specs');
  expect(stderr).toContain('authmock: --builtin-specs /nonexistent/specs: no such directory');
  expect(status).toBe(2);
});
