import fc from 'fast-check';
import type { ApiModel, OperationModel } from './api-model.js';
import type { FuzzAccounts } from './load-accounts.js';
import type { FuzzRequest, Principal, TokenPlacement, TokenPlan } from './fuzz-request.js';
import { arbitraryBody } from './arbitrary-body.js';
import { arbitraryGarbageToken, arbitraryNastyString } from './arbitrary-junk.js';
import { arbitraryTarget } from './arbitrary-target.js';
import { protectAccounts } from './arbitrary-credentials.js';

// only methods Node's HTTP parser knows: an unknown one never reaches the app
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE'];

const ACCEPTS = [
  'application/json',
  'application/xml',
  'text/xml',
  'application/xhtml+xml',
  '*/*',
  'text/html',
  'application/json;q=0',
  'application/xml;q=0.5, application/json;q=0.9',
  'text/*',
  'application/*',
  'image/png',
  '',
  ',,,',
  'application/json;q=abc',
  '*/*;q=0',
  `${'text/plain, '.repeat(200)}application/json`,
];

/** Requests for every operation of one API: the declared shape, mutated, with every kind of token. */
export function arbitraryRequest(model: ApiModel, accounts: FuzzAccounts): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...model.operations).chain((op) =>
    fc
      .record({
        method: fc.oneof({ arbitrary: fc.constant(op.method), weight: 12 }, { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 2 }),
        target: arbitraryTarget(model, op, accounts.storeCodes),
        accept: fc.oneof(
          { arbitrary: fc.constant<string | undefined>(undefined), weight: 10 },
          { arbitrary: fc.constantFrom<string | undefined>(...ACCEPTS), weight: 6 },
          { arbitrary: arbitraryNastyString, weight: 1 },
        ),
        extra: fc.oneof({ arbitrary: fc.constant<Record<string, string>>({}), weight: 8 }, { arbitrary: arbitraryExtraHeaders, weight: 2 }),
        token: arbitraryToken(model, op),
        placement: arbitraryPlacement(model),
        body: arbitraryBody(model, op, accounts),
        chunked: fc.oneof({ arbitrary: fc.constant(false), weight: 15 }, { arbitrary: fc.constant(true), weight: 1 }),
      })
      .map(({ method, target, accept, extra, token, placement, body, chunked }): FuzzRequest => {
        const headers: Record<string, string> = { ...extra };
        if (accept !== undefined) headers.Accept = toHeaderValue(accept);
        if (body.plan) protectAccounts(model.name, body.plan.value, accounts);
        const tags = [...target.tags, ...body.tags, `token:${token.kind}`];
        if (method !== op.method) tags.push(`method:${method}`);
        if (accept !== undefined) tags.push('accept');
        if (Object.keys(extra).length) tags.push('headers:extra');
        if (chunked && body.plan) tags.push('chunked');
        return {
          api: model.name,
          operationId: op.operationId,
          method,
          target: target.target,
          headers,
          body: body.plan,
          chunked: chunked && !!body.plan,
          token,
          placement,
          secrets: body.plan ? collectSecrets(body.plan.value, [target.target, ...Object.values(headers)]) : [],
          tags,
        };
      }),
  );
}

function arbitraryToken(model: ApiModel, op: OperationModel): fc.Arbitrary<TokenPlan> {
  const valid = (principal: Principal): TokenPlan => ({ kind: 'valid', principal });
  const own: [Principal, number][] =
    model.name === 'commerce'
      ? [
          ['customer', 6],
          ['customer2', 3],
          ['admin', 4],
          ['restrictedAdmin', 2],
          ['socialUser', 1],
        ]
      : [
          ['socialUser', 12],
          ['customer', 1],
          ['admin', 1],
        ];
  // protected operations get a valid token more often, so the handlers behind the permission check are reached
  const validWeight = op.permission === 'anonymous' ? 8 : 14;
  return fc.oneof(
    { arbitrary: fc.constant<TokenPlan>({ kind: 'none' }), weight: 4 },
    { arbitrary: arbitraryGarbageToken.map((value): TokenPlan => ({ kind: 'garbage', value: toHeaderValue(value) })), weight: 5 },
    { arbitrary: fc.constantFrom(...own.flatMap(([p, w]) => Array<Principal>(w).fill(p))).map(valid), weight: validWeight },
    { arbitrary: fc.constant<TokenPlan>({ kind: 'revoked', api: model.name }), weight: 2 },
  );
}

function arbitraryPlacement(model: ApiModel): fc.Arbitrary<TokenPlacement> {
  if (model.name === 'commerce') {
    return fc.oneof(
      { arbitrary: fc.constant<TokenPlacement>('bearer'), weight: 10 },
      { arbitrary: fc.constantFrom<TokenPlacement>('bearer-lowercase', 'query'), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: fc.constant<TokenPlacement>('bearer'), weight: 8 },
    { arbitrary: fc.constant<TokenPlacement>('query'), weight: 5 },
    { arbitrary: fc.constant<TokenPlacement>('body'), weight: 4 },
    { arbitrary: fc.constantFrom<TokenPlacement>('bearer-and-query', 'bearer-lowercase'), weight: 1 },
  );
}

const arbitraryExtraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .subarray(
    [
      ['Origin', 'http://evil.example'],
      ['Access-Control-Request-Method', 'POST'],
      ['Access-Control-Request-Headers', 'authorization, content-type'],
      ['Content-Encoding', 'gzip'],
      ['X-HTTP-Method-Override', 'DELETE'],
      ['X-Forwarded-For', '127.0.0.1, 10.0.0.1'],
      ['X-Forwarded-Proto', 'https'],
      ['Cookie', 'PHPSESSID=abc; admin=1'],
      ['Host', 'evil.example'],
      ['Accept-Charset', 'iso-8859-1'],
      ['Accept-Encoding', 'gzip, br'],
      ['Range', 'bytes=0-1'],
    ] as [string, string][],
    { minLength: 1, maxLength: 3 },
  )
  .map((pairs) => Object.fromEntries(pairs));

/** Header values go out as latin1: characters above U+00FF as their UTF-8 bytes, controls dropped. */
export function toHeaderValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

/**
 * Password and client-secret values sent in the body: none may come back. A value that
 * was also sent in the open (in another field, the path or a header) may be echoed from
 * there, so it is left out.
 */
function collectSecrets(value: unknown, open: string[]): string[] {
  const secrets: string[] = [];
  const visible = [...open];
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) v.forEach((item) => walk(item, key));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, k);
    else if (typeof v === 'string' || typeof v === 'number') (/password|secret/i.test(key) ? secrets : visible).push(String(v));
  };
  walk(value, '');
  return secrets.filter((s) => !visible.some((o) => o.includes(s)));
}
