import type { HandlerResult, WireResponse } from '../../core/types.js';
import type { Dialect, Kit } from '../../pipeline/dialect.js';
import type { Authorized, Incoming } from '../../pipeline/stages.js';
import type { OauthRefusal } from '../../auth/oauth1/index.js';
import { createNegotiator, createCommerceDecoder } from './wire-format.js';
import { castCommercePathParams } from './cast-path-params.js';
import { mapCommerceValidation } from './map-validation.js';
import { renderCommerceError } from './render-error.js';
import { renderXml } from './render-xml.js';
import { CommerceError, commerceError } from './error-codes.js';
import { oauthRefusalError } from './oauth-refusal-error.js';
import { customerOf } from './resolve-principal.js';
import type { StoreView } from './load-fixtures.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

export interface CommerceDialectOptions {
  stores: ReadonlyMap<string, StoreView>;
  developerMode: boolean;
}

/**
 * The commerce platform (docs/commerce-platform.md, processing order): the response format
 * first (the platform picks its renderer from Accept when the response object is built, so
 * routing errors are rendered as XML too), then the route, then the caller and its
 * permission, then the body: an unauthenticated POST with a broken body is a 401, not a 400.
 */
export function createCommerceDialect(options: CommerceDialectOptions): Dialect {
  const { stores, developerMode } = options;
  const storeCodes = new Set(stores.keys());
  const negotiate = createNegotiator();
  const decode = createCommerceDecoder();

  return {
    async run(kit: Kit) {
      const { req } = kit;
      if (req.headers.accept !== undefined) kit.respondAs(negotiate(req.headers.accept));
      const { path, scope } = splitCommercePath(req, storeCodes);
      const match = await kit.route(path, scope);
      if (match.kind !== 'found') throw commerceError('NO_ROUTE');
      const authenticated = await kit.authenticate({ op: match.op, pathParams: match.params, scope });
      const { reported } = authenticated.authn;
      if (reported.outcome === 'refused') throw oauthRefusalError(reported.refusal as OauthRefusal);
      const authorized = kit.authorize(authenticated);
      if ('allowed' in authorized) throw notAuthorized(authenticated);
      if (authorized.op.permission?.kind === 'self' && !inCustomersWebsite(authorized, stores)) {
        kit.deny(authorized);
        throw notAuthorized(authorized);
      }
      const decoded = await decode(req, match.op);
      const validated = kit.validate(match.op.pathParams ? castCommercePathParams(authorized) : authorized, decoded);
      if ('errors' in validated) throw mapCommerceValidation(validated.errors, validated.place, validated.data, validated.order);
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof CommerceError)) throw new TypeError(`not a commerce error: ${err.code}`);
      return renderCommerceError(err, developerMode);
    },
    serialize(result: HandlerResult, format, json): WireResponse {
      const xml = format === 'xml';
      return {
        status: result.status,
        headers: { 'Content-Type': xml ? XML_TYPE : JSON_TYPE, ...result.headers },
        payload: xml ? renderXml(result.body) : json(result.body),
      };
    },
    internalError: (reportId, detail) => commerceError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => commerceError('BODY_TOO_LARGE', { limit }),
    unavailable: () => commerceError('UNAVAILABLE'),
  };
}

function notAuthorized(routed: { op: Authorized['op'] }): CommerceError {
  return commerceError('NOT_AUTHORIZED', { resources: routed.op.required });
}

/**
 * The platform's store rule for `self`: customers are shared per website, so a customer
 * token is good only in a store of the customer's own website (the store code in the
 * URL; `all` is the admin store, website 0).
 */
function inCustomersWebsite(authorized: Authorized, stores: ReadonlyMap<string, StoreView>): boolean {
  const customer = customerOf(authorized.principal);
  if (!customer) return true;
  const website = authorized.scope === 'all' ? 0 : stores.get(authorized.scope ?? 'default')?.website_id;
  return website === customer.websiteId;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const VERSION = /^\/V\d+(\/|$)/;

/** Operations that exist only with --admin-2fa: without it the platform has no such route. */
export const TWO_FACTOR_OPERATIONS = new Set(['createAdminAccessTokenWithGoogle']);

/**
 * The platform's routing before the route table: strip /rest and an optional store code,
 * insist on /V<n>, refuse methods it does not know. The path left is the route's.
 */
export function splitCommercePath(req: Incoming, storeCodes: ReadonlySet<string>): { path: string; scope: string } {
  const rest = req.path.slice('/rest'.length);
  const first = /^\/([^/]+)/.exec(rest)?.[1];
  let path = rest;
  let scope = 'default';
  if (first && !/^V\d+$/.test(first)) {
    if (first !== 'all' && !storeCodes.has(first)) throw commerceError('ROUTE_NOT_PROCESSABLE');
    scope = first;
    path = rest.slice(first.length + 1);
  }
  if (!VERSION.test(path)) throw commerceError('ROUTE_NOT_PROCESSABLE');
  if (!METHODS.has(req.method)) throw commerceError('METHOD_INVALID');
  return { path, scope };
}
