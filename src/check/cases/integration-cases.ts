import { createHmac, randomBytes } from 'node:crypto';
import type { CheckCase, Expectation } from '../case-types.js';
import { readCheckIntegrations, type CheckIntegration, type CheckIntegrations } from '../profiles/commerce-integrations.js';
import { PRISM_ANSWERS, type BuildInput } from './case-helpers.js';
import type { OperationModel } from '../spec-model.js';
import { resolvePointer } from '../../spec/json-pointer.js';

/**
 * Whether the operation exists only when the server runs with a flag
 * (`x-authmock-server-flag`, e.g. the two-factor route behind --admin-2fa): the spec-driven
 * cases leave it out, since a server started with its defaults has no such route.
 */
export function needsServerFlag(m: OperationModel): boolean {
  const op = resolvePointer(m.spec.doc, m.op.pointer) as Record<string, unknown> | undefined;
  return typeof op?.['x-authmock-server-flag'] === 'string';
}

interface SignOptions {
  nonce?: string;
  /** seconds from now */
  skewSeconds?: number;
  consumerKey?: string;
  consumerSecret?: string;
}

/**
 * OAuth 1.0a as RFC 5849 has it, HMAC-SHA256 over the method, the URL as sent (scheme,
 * host with its port, path) and the query and oauth_* parameters: what an integration
 * client sends (docs/commerce-integrations.md §2-§4). node:crypto only, so the checker
 * signs against any server without a dependency of its own.
 */
export function signOauth(credentials: CheckIntegration, request: { method: string; url: string }, options: SignOptions = {}): string {
  const u = new URL(request.url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: options.consumerKey ?? credentials.consumerKey,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(Math.floor(Date.now() / 1000) + (options.skewSeconds ?? 0)),
    oauth_token: credentials.accessToken,
    oauth_version: '1.0',
  };
  const params = [...u.searchParams.entries(), ...Object.entries(oauth)]
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const base = [request.method.toUpperCase(), enc(`${u.protocol}//${u.host}${u.pathname}`), enc(params)].join('&');
  const key = `${enc(options.consumerSecret ?? credentials.consumerSecret)}&${enc(credentials.tokenSecret)}`;
  const signature = createHmac('sha256', key).update(base).digest('base64');
  const fields = { ...oauth, oauth_signature: signature };
  return `OAuth ${Object.entries(fields)
    .map(([k, v]) => `${k}="${enc(v)}"`)
    .join(',')}`;
}

/** RFC 3986 percent-encoding, as RFC 5849 §3.6 asks. */
function enc(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The integration cases (issue #12) for the API whose integrations the checker knows:
 * a signed read, a wrong signature, a reused nonce, a timestamp too far ahead, an unknown
 * consumer, an inactive integration and a resource outside the ACL.
 */
export function buildIntegrationCases(api: string, input: BuildInput, known: CheckIntegrations = readCheckIntegrations()): CheckCase[] {
  if (api !== known.api || !input.models[api]?.operations.some((m) => m.op.operationId === known.operationId)) return [];
  const { operationId, pathParams } = known;
  const define = (id: string, title: string, run: CheckCase['run']): CheckCase => ({
    id: `${api}.${operationId}.integration.${id}`,
    api,
    operationId,
    title: `integration (OAuth 1.0a): ${title}`,
    category: 'flow',
    requires: [],
    tags: { prismAnswers: PRISM_ANSWERS.signedUrl },
    run,
  });
  const call = (credentials: CheckIntegration, options: SignOptions = {}, label?: string) => ({
    api,
    operationId,
    pathParams,
    label,
    sign: (request: { method: string; url: string }) => signOauth(credentials, request, options),
  });
  const expect = (check: string, outcome: Expectation['outcome']): Expectation => ({ check, outcome });
  const cases = [
    define('signed', 'a request signed with HMAC-SHA256 is served', async (ctx) => {
      await ctx.call(call(known.allowed), expect('integration_signed_ok', 'success'));
    }),
    define('wrong-signature', 'a wrong consumer secret is refused (401)', async (ctx) => {
      await ctx.call(
        call(known.allowed, { consumerSecret: `${known.allowed.consumerSecret}x` }),
        expect('integration_wrong_signature', 401),
      );
    }),
    define('reused-nonce', 'a nonce is used once (the replay gets 401)', async (ctx) => {
      const nonce = randomBytes(16).toString('hex');
      await ctx.call(call(known.allowed, { nonce }, 'first use'), expect('integration_nonce_first', 'success'));
      await ctx.call(call(known.allowed, { nonce }, 'replay'), expect('integration_nonce_reused', 401));
    }),
    define('timestamp-ahead', 'a timestamp an hour ahead is refused (400)', async (ctx) => {
      await ctx.call(call(known.allowed, { skewSeconds: 3600 }), expect('integration_timestamp_refused', 400));
    }),
    define('unknown-consumer', 'an unknown consumer key is refused (401)', async (ctx) => {
      await ctx.call(call(known.allowed, { consumerKey: 'unknownconsumerauthmockcheck0000' }), expect('integration_unknown_consumer', 401));
    }),
  ];
  if (known.inactive) {
    const inactive = known.inactive;
    cases.push(
      define('inactive', 'an inactive integration is refused (401)', async (ctx) => {
        await ctx.call(call(inactive), expect('integration_inactive', 401));
      }),
    );
  }
  if (known.withoutResource) {
    const restricted = known.withoutResource;
    cases.push(
      define('resource-not-granted', 'an integration without the resource is refused (401)', async (ctx) => {
        await ctx.call(call(restricted), expect('integration_resource_not_granted', 401));
      }),
    );
  }
  return cases;
}
