import { ApiError } from '../../core/api-error.js';
import { OAUTH_FAILURES } from '../../auth/oauth1/oauth-failures.js';

/**
 * The commerce platform's errors, with its exact texts (docs/commerce-platform.md).
 * `localized` errors keep %placeholders in `message` and carry `parameters`, as the
 * platform's LocalizedExceptions do; `webapi` errors are substituted and carry none.
 */
export interface CommerceErrorDef {
  status: number;
  message: string;
  kind: 'localized' | 'webapi';
  /** developer-mode message; %detail is replaced by the error's detail */
  devMessage?: string;
}

/** An OAuth refusal as a localized error, with the one copy of its status and message (src/auth/oauth1). */
function oauthRefusal(code: keyof typeof OAUTH_FAILURES): CommerceErrorDef {
  const { status, message } = OAUTH_FAILURES[code];
  return { status, kind: 'localized', message };
}

export const COMMERCE_ERRORS = {
  ROUTE_NOT_PROCESSABLE: { status: 400, kind: 'webapi', message: 'Specified request cannot be processed.' },
  METHOD_INVALID: { status: 400, kind: 'localized', message: 'Request method is invalid.' },
  NO_ROUTE: { status: 404, kind: 'webapi', message: 'Request does not match any route.' },
  NOT_AUTHORIZED: { status: 401, kind: 'localized', message: "The consumer isn't authorized to access %resources." },
  SIGN_IN_INCORRECT: {
    status: 401,
    kind: 'localized',
    message: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
  },
  FIELD_REQUIRED: { status: 400, kind: 'localized', message: '"%fieldName" is required. Enter and try again.' },
  INPUT_EXCEPTIONS: { status: 400, kind: 'localized', message: 'One or more input exceptions have occurred.' },
  INVALID_TYPE: {
    status: 400,
    kind: 'webapi',
    message: 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
  },
  INVALID_FIELD_VALUE: { status: 400, kind: 'localized', message: 'Invalid value of "%value" provided for the %fieldName field.' },
  NO_SUCH_ENTITY: { status: 404, kind: 'localized', message: 'No such entity with %fieldName = %fieldValue' },
  DECODING_ERROR: { status: 400, kind: 'webapi', message: 'Decoding error.', devMessage: 'Decoding error: \n%detail' },
  XML_DECODING_ERROR: { status: 400, kind: 'webapi', message: 'Decoding error.', devMessage: 'Decoding Error: %detail' },
  CONTENT_TYPE_EMPTY: { status: 400, kind: 'localized', message: 'Content-Type header is empty.' },
  CONTENT_TYPE_INVALID: { status: 400, kind: 'localized', message: 'Content-Type header is invalid.' },
  CHARSET_UNSUPPORTED: { status: 400, kind: 'localized', message: 'UTF-8 is the only supported charset.' },
  MEDIA_TYPE_UNSUPPORTED: { status: 400, kind: 'webapi', message: 'Server cannot understand Content-Type HTTP header media type %type' },
  NOT_ACCEPTABLE: {
    status: 406,
    kind: 'webapi',
    message:
      'Server cannot match any of the given Accept HTTP header media type(s) from the request: "%accept" with media types from the config of response renderer.',
  },
  // OAuth 1.0a refusals (docs/commerce-integrations.md §5): 400s are OauthInputExceptions,
  // 401s Oauth\Exceptions. A missing parameter is FIELD_REQUIRED / INPUT_EXCEPTIONS.
  OAUTH_VERSION_REJECTED: oauthRefusal('VERSION_REJECTED'),
  OAUTH_TOKEN_LENGTH_INVALID: oauthRefusal('TOKEN_LENGTH_INVALID'),
  OAUTH_SIGNATURE_METHOD_UNSUPPORTED: oauthRefusal('SIGNATURE_METHOD_UNSUPPORTED'),
  OAUTH_CONSUMER_KEY_LENGTH: oauthRefusal('CONSUMER_KEY_LENGTH'),
  OAUTH_CONSUMER_NOT_FOUND: oauthRefusal('CONSUMER_NOT_FOUND'),
  OAUTH_TIMESTAMP_REFUSED: oauthRefusal('TIMESTAMP_REFUSED'),
  OAUTH_NONCE_USED: oauthRefusal('NONCE_USED'),
  OAUTH_NONCE_ERROR: oauthRefusal('NONCE_ERROR'),
  OAUTH_TOKEN_NOT_FOUND: oauthRefusal('TOKEN_NOT_FOUND'),
  OAUTH_TOKEN_CONSUMER_MISMATCH: oauthRefusal('TOKEN_CONSUMER_MISMATCH'),
  OAUTH_TOKEN_NOT_ACCESS: oauthRefusal('TOKEN_NOT_ACCESS'),
  OAUTH_TOKEN_REVOKED: oauthRefusal('TOKEN_REVOKED'),
  OAUTH_SIGNATURE_INVALID: oauthRefusal('SIGNATURE_INVALID'),
  // Two-factor admin login (--admin-2fa; docs/commerce-integrations.md §7).
  TFA_USE_PROVIDER: { status: 400, kind: 'localized', message: 'Please use the 2fa provider-specific endpoints to obtain a token.' },
  TFA_NO_PROVIDERS: {
    status: 400,
    kind: 'localized',
    message: 'Please ask an administrator with sufficient access to configure 2FA first',
  },
  TFA_CONFIGURE_FIRST: {
    status: 400,
    kind: 'localized',
    message: 'You are required to configure personal Two-Factor Authorization in order to login. Please check your email.',
  },
  TFA_PROVIDER_NOT_ALLOWED: { status: 400, kind: 'localized', message: 'Provider is not allowed.' },
  TFA_PROVIDER_NOT_CONFIGURED: { status: 400, kind: 'localized', message: 'Provider is not configured.' },
  TFA_INVALID_CODE: { status: 401, kind: 'localized', message: 'Invalid code.' },
  // The platform sits behind a web server that refuses huge bodies; authmock answers in the API's shape.
  BODY_TOO_LARGE: { status: 413, kind: 'webapi', message: 'Request body is larger than %limit bytes.' },
  // authmock's own, as BODY_TOO_LARGE: its state cannot be written (disk full, I/O error); it recovers by itself.
  UNAVAILABLE: { status: 503, kind: 'webapi', message: 'Service temporarily unavailable. Please try again later.' },
  INTERNAL: {
    status: 500,
    kind: 'webapi',
    message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-%reportId',
    devMessage: '%detail',
  },
} satisfies Record<string, CommerceErrorDef>;

export type CommerceErrorCode = keyof typeof COMMERCE_ERRORS;

/** An error of the commerce dialect: only the codes above compile. */
export class CommerceError extends ApiError<CommerceErrorCode> {
  readonly api = 'commerce';
}

/** Shorthand used by the steps and handlers. */
export function commerceError(code: CommerceErrorCode, params?: Record<string, unknown>, detail?: string): CommerceError {
  return new CommerceError(code, params, detail);
}
