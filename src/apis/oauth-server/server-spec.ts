/**
 * The authorization server's own endpoints as an OpenAPI document, so the request path
 * routes, journals and checks them as it does any API's. Its paths are canonical names
 * (`/token`); where they are reached (`/__oauth/token`, a spec's tokenUrl) is resolve-path's.
 */

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const text = { type: 'string', maxLength: 4096 };
const formBody = { required: false, content: { [FORM]: { schema: { type: 'object', additionalProperties: text } } } };
const json = (schema: unknown) => ({ content: { [JSON_TYPE]: { schema } } });
const oauthError = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};
/** the server's own failures (500, 503) on any endpoint */
const failure = { default: { description: 'any other failure', ...json(oauthError) } };
const refusals = {
  400: { description: 'RFC 6749 §5.2', ...json(oauthError) },
  401: { description: 'invalid_client', ...json(oauthError) },
  ...failure,
};
const html = { content: { 'text/html': { schema: { type: 'string' } } } };
const metadata = {
  200: { description: 'RFC 8414 / OpenID Connect Discovery metadata', ...json({ type: 'object', required: ['issuer'] }) },
  ...failure,
};

const tokenResponse = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string' },
    token_type: { const: 'Bearer' },
    expires_in: { type: 'integer' },
    scope: { type: 'string' },
    refresh_token: { type: 'string' },
    id_token: { type: 'string' },
  },
};

const authorizePage = {
  200: { description: 'the login and consent page', ...html },
  302: { description: 'back to the client with a code, a token or an error' },
  400: { description: 'a request that cannot be sent back to the client', ...html },
  ...failure,
};

export const SERVER_SPEC = {
  openapi: '3.1.0',
  info: { title: 'authmock authorization server', version: '1' },
  paths: {
    '/token': {
      post: {
        operationId: 'token',
        requestBody: formBody,
        responses: { 200: { description: 'RFC 6749 §5.1', ...json(tokenResponse) }, ...refusals },
      },
    },
    '/authorize': {
      get: { operationId: 'authorize', responses: authorizePage },
      post: { operationId: 'authorizeSubmit', requestBody: formBody, responses: authorizePage },
    },
    '/revoke': {
      post: { operationId: 'revoke', requestBody: formBody, responses: { 200: { description: 'RFC 7009 §2.2' }, ...refusals } },
    },
    '/introspect': {
      post: {
        operationId: 'introspect',
        requestBody: formBody,
        responses: { 200: { description: 'RFC 7662 §2.2', ...json({ type: 'object', required: ['active'] }) }, ...refusals },
      },
    },
    '/userinfo': {
      get: { operationId: 'userinfo', responses: userinfoResponses() },
      post: { operationId: 'userinfoPost', requestBody: formBody, responses: userinfoResponses() },
    },
    '/jwks': {
      get: {
        operationId: 'jwks',
        responses: { 200: { description: 'RFC 7517 §5', ...json({ type: 'object', required: ['keys'] }) }, ...failure },
      },
    },
    '/openid-configuration': { get: { operationId: 'openidConfiguration', responses: metadata } },
    '/oauth-authorization-server': { get: { operationId: 'authorizationServerMetadata', responses: metadata } },
  },
} as const;

function userinfoResponses() {
  return {
    200: { description: 'OpenID Connect Core §5.3.2', ...json({ type: 'object', required: ['sub'] }) },
    401: { description: 'RFC 6750 §3.1', ...json(oauthError) },
    403: { description: 'RFC 6750 §3.1', ...json(oauthError) },
    ...failure,
  };
}
