import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { makeApp, ROOT } from '../support/make-app.js';
import { runCheckCommand, type CheckFlags } from '../../src/check/check-command.js';

export { ROOT };

/** The second fixture customer's record: a schema-valid answer that belongs to someone else. */
const JOHN = {
  id: 2,
  group_id: 1,
  created_at: '2024-02-01 14:05:00',
  updated_at: '2024-02-01 14:05:00',
  created_in: 'Default Store View',
  email: 'john.smith@example.com',
  firstname: 'John',
  lastname: 'Smith',
  store_id: 1,
  website_id: 1,
  addresses: [],
  disable_auto_group_change: 0,
  extension_attributes: { is_subscribed: false },
};

export interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * authmock in-process on 127.0.0.1, optionally broken on purpose in two ways:
 * - a copy of the specs where getCustomerById needs `self` instead of its ACL resource,
 *   so a customer is let in and the admin is shut out (the pipeline enforces the spec's
 *   permission before any handler runs);
 * - a handler override where GET /V1/customers/me answers another customer's record,
 *   which breaks the owner check in the matrix and the token flows.
 */
export async function serveAuthmock(broken: boolean): Promise<Served> {
  const specsDir = broken ? copySpecsWithSelfPermission() : join(ROOT, 'specs');
  const handlers = broken ? { commerce: { getCurrentCustomer: () => ({ status: 200, body: JOHN }) } } : undefined;
  const { app } = makeApp({ specsDir }, { handlers: handlers as never });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function copySpecsWithSelfPermission(): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-broken-specs-'));
  cpSync(join(ROOT, 'specs'), dir, { recursive: true });
  const file = join(dir, 'commerce.openapi.yaml');
  const spec = readFileSync(file, 'utf8');
  const broken = spec.replace(/(operationId: getCustomerById[\s\S]*?x-authmock-permission:)\n\s+- Magento_Customer::customer/, '$1 self');
  if (broken === spec) throw new Error('getCustomerById permission not found in the spec copy');
  writeFileSync(file, broken);
  return dir;
}

export interface CheckRun {
  code: number;
  stdout: string;
  htmlFile: string;
  html: string;
}

/**
 * `authmock check --target <url> --html <file>` in-process, judged against the
 * repository's own specs; `tty` makes its output stream claim to be a terminal.
 */
export async function checkWithHtml(target: string, extra: Partial<CheckFlags> = {}, tty = false): Promise<CheckRun> {
  const htmlFile = join(mkdtempSync(join(tmpdir(), 'authmock-html-')), 'report.html');
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const flags: CheckFlags = { target, api: 'all', builtinSpecs: join(ROOT, 'specs'), lockout: true, lockoutAttempts: '6', timeout: '10000', quiet: true, html: htmlFile, ...extra };
  const code = await runCheckCommand(ROOT, flags, { stdout, stderr: new PassThrough(), env: { NO_COLOR: '1' } });
  return { code, stdout: out, htmlFile, html: readFileSync(htmlFile, 'utf8') };
}
