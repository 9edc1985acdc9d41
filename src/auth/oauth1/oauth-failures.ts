/**
 * Every answer the platform gives a refused OAuth request on REST, with its status and
 * raw message (placeholders kept, as Magento sends them): docs/commerce-integrations.md §5.
 * `input` errors are OauthInputExceptions (400), `auth` ones Oauth\Exceptions (401).
 */
export interface OauthFailureDef {
  status: 400 | 401 | 500;
  message: string;
  /** what the platform throws: decides the status, and whether the dialect may substitute */
  kind: 'input' | 'auth' | 'internal';
}

export const OAUTH_FAILURES = {
  VERSION_REJECTED: { status: 400, kind: 'input', message: 'The "%1" Oauth version isn\'t supported.' },
  PARAMETER_ABSENT: { status: 400, kind: 'input', message: '"%fieldName" is required. Enter and try again.' },
  /** two or more absent: the aggregate, with one PARAMETER_ABSENT entry each under `errors` */
  PARAMETERS_ABSENT: { status: 400, kind: 'input', message: 'One or more input exceptions have occurred.' },
  TOKEN_LENGTH_INVALID: { status: 400, kind: 'input', message: 'The token length is invalid. Check the length and try again.' },
  SIGNATURE_METHOD_UNSUPPORTED: { status: 400, kind: 'input', message: 'Signature method %1 is not supported' },
  CONSUMER_KEY_LENGTH: { status: 401, kind: 'auth', message: 'Consumer key is not the correct length' },
  CONSUMER_NOT_FOUND: { status: 401, kind: 'auth', message: 'A consumer having the specified key does not exist' },
  TIMESTAMP_REFUSED: { status: 400, kind: 'input', message: 'Incorrect timestamp value in the oauth_timestamp parameter' },
  NONCE_USED: { status: 401, kind: 'auth', message: 'The nonce is already being used by the consumer with ID %1' },
  NONCE_ERROR: { status: 401, kind: 'auth', message: 'An error occurred validating the nonce' },
  TOKEN_NOT_FOUND: { status: 401, kind: 'auth', message: 'Specified token does not exist' },
  TOKEN_CONSUMER_MISMATCH: { status: 401, kind: 'auth', message: 'Token is not associated with the specified consumer' },
  TOKEN_NOT_ACCESS: { status: 401, kind: 'auth', message: 'Token is not an access token' },
  TOKEN_REVOKED: { status: 401, kind: 'auth', message: 'Access token has been revoked' },
  SIGNATURE_INVALID: { status: 401, kind: 'auth', message: 'The signature is invalid. Verify and try again.' },
  /** a PHP TypeError inside the platform's OAuth code (array form fields; 2.4.8: numeric names) */
  INTERNAL_ERROR: {
    status: 500,
    kind: 'internal',
    message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-%reportId',
  },
} as const satisfies Record<string, OauthFailureDef>;

export type OauthFailureCode = keyof typeof OAUTH_FAILURES;

/** Positional arguments (`%1`) render as a JSON array, named ones as an object. */
export type OauthFailureParameters = readonly string[] | Readonly<Record<string, string>>;

export interface OauthRefusal {
  outcome: 'refused';
  code: OauthFailureCode;
  status: OauthFailureDef['status'];
  message: string;
  parameters?: OauthFailureParameters;
  /** only for PARAMETERS_ABSENT: one entry per absent parameter, in the platform's order */
  errors?: ReadonlyArray<{ message: string; parameters: Readonly<Record<string, string>> }>;
  /** for INTERNAL_ERROR: the PHP error, for developer mode and the log */
  detail?: string;
}

export function refuseOauth(
  code: OauthFailureCode,
  extra: Partial<Pick<OauthRefusal, 'parameters' | 'errors' | 'detail'>> = {},
): OauthRefusal {
  const def = OAUTH_FAILURES[code];
  return { outcome: 'refused', code, status: def.status, message: def.message, ...extra };
}
