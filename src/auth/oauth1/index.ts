/** OAuth 1.0a request verification as the commerce platform does it: docs/commerce-integrations.md. */
export { verifyOauthRequest } from './verify-oauth-request.js';
export type { OauthAcceptance, OauthConsumer, OauthDeps, OauthOptions, OauthToken, OauthVerdict } from './verify-oauth-request.js';
export { composeRequestUrl } from './oauth-request.js';
export type { OauthRequest, OauthVariant } from './oauth-request.js';
export { OAUTH_FAILURES, refuseOauth } from './oauth-failures.js';
export type { OauthFailureCode, OauthFailureDef, OauthFailureParameters, OauthRefusal } from './oauth-failures.js';
export { collectOauthParams } from './collect-oauth-params.js';
export { buildBaseString } from './build-base-string.js';
export { signBaseString } from './sign-base-string.js';
