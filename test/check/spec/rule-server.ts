import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** One rule a small server breaks on purpose, or none. */
export type Broken = 'none' | 'scope-ignored' | 'expired-accepted' | 'owner-leaks' | '401-for-403';

/** The secrets notes/creds.yaml takes from the environment. */
export const SECRETS = {
  READ_TOKEN: 'read-token-alice-8f3k2j5h7g',
  NOTES_KEY: 'notes-key-4k8s9d2m1x',
  CHECKER_SECRET: 'checker-secret-9q8w7e6r',
};

interface Holder {
  user?: string;
  scopes: string[];
  state: 'live' | 'expired' | 'revoked';
}

/** What each operation asks: its path, scheme family, scopes and whether only the owner may call it. */
const OPERATIONS: { method: string; path: RegExp; via?: 'bearer' | 'key'; scopes: string[]; owner?: boolean }[] = [
  { method: 'GET', path: /^\/api\/notes$/, via: 'bearer', scopes: ['notes:read'] },
  { method: 'POST', path: /^\/api\/notes$/, via: 'bearer', scopes: ['notes:write'] },
  { method: 'GET', path: /^\/api\/reports$/, via: 'bearer', scopes: ['reports:read'] },
  { method: 'GET', path: /^\/api\/users\/([^/]+)$/, via: 'bearer', scopes: [], owner: true },
  { method: 'GET', path: /^\/api\/keyed$/, via: 'key', scopes: [] },
  { method: 'GET', path: /^\/api\/status$/, scopes: [] },
];

/**
 * notes.openapi.yaml served by hand, the way a real backend would: bearer tokens and an
 * API key from notes/creds.yaml, client-credentials tokens from its own /oauth/token
 * (client `checker`), RFC 6750 challenges, and owner-only user records. `broken` makes it
 * break exactly one rule.
 */
export async function startRuleServer(broken: Broken): Promise<{ url: string; close(): Promise<void> }> {
  const tokens = new Map<string, Holder>([
    [SECRETS.READ_TOKEN, { user: 'alice', scopes: ['notes:read'], state: 'live' }],
    ['none-token-bob', { user: 'bob', scopes: [], state: 'live' }],
    ['rw-token-bob', { user: 'bob', scopes: ['notes:read', 'notes:write'], state: 'live' }],
    ['write-token-carol', { user: 'carol', scopes: ['notes:write'], state: 'live' }],
    ['old-token', { user: 'alice', scopes: ['notes:read', 'notes:write', 'reports:read'], state: 'expired' }],
    ['revoked-token', { user: 'alice', scopes: ['notes:read', 'notes:write', 'reports:read'], state: 'revoked' }],
    ['old-oauth-token', { scopes: ['reports:read'], state: 'expired' }],
    ['revoked-oauth-token', { scopes: ['reports:read'], state: 'revoked' }],
  ]);
  const send = (res: ServerResponse, status: number, body: unknown, challenge?: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...(challenge ? { 'WWW-Authenticate': challenge } : {}) });
    res.end(JSON.stringify(body));
  };
  const issue = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const form = new URLSearchParams(body);
    const basic = Buffer.from(`checker:${SECRETS.CHECKER_SECRET}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}` || form.get('grant_type') !== 'client_credentials')
      return send(res, 401, { error: 'invalid_client' });
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { scopes, state: 'live' });
    send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'POST' && path === '/oauth/token') return issue(req, res, body);
      const op = OPERATIONS.find((o) => o.method === req.method && o.path.test(path));
      if (!op) return send(res, 404, { error: 'not_found' });
      if (op.via === 'key')
        return req.headers['x-notes-key'] === SECRETS.NOTES_KEY ? send(res, 200, { ok: true }) : send(res, 401, { error: 'no key' });
      if (!op.via) return send(res, 200, { ok: true });
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return send(res, 401, { error: 'no token' }, 'Bearer realm="notes"');
      const holder = tokens.get(token);
      const usable = holder && (holder.state === 'live' || (holder.state === 'expired' && broken === 'expired-accepted'));
      if (!usable) return send(res, 401, { error: 'invalid token' }, 'Bearer realm="notes", error="invalid_token"');
      const forbidden = broken === '401-for-403' ? 401 : 403;
      const missing = op.scopes.filter((s) => !holder.scopes.includes(s));
      if (missing.length && broken !== 'scope-ignored')
        return send(
          res,
          forbidden,
          { error: 'insufficient scope' },
          `Bearer realm="notes", error="insufficient_scope", scope="${op.scopes.join(' ')}"`,
        );
      const owner = op.owner ? decodeURIComponent(op.path.exec(path)![1]) : undefined;
      if (owner !== undefined && owner !== holder.user && broken !== 'owner-leaks') return send(res, forbidden, { error: 'not yours' });
      send(res, req.method === 'POST' ? 201 : 200, { ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
