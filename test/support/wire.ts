/**
 * What the real systems put on the wire, copied from the reference documents
 * (commerce-platform-facts.md §2–§4, decisions.md) rather than from src/, so that a
 * change of a text in the server is caught.
 */
export const COMMERCE = {
  base: '/rest/V1',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  signInIncorrect: {
    message: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
  },
  required: (fieldName: string) => ({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName } }),
  bothRequired: {
    message: 'One or more input exceptions have occurred.',
    errors: [
      { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'username' } },
      { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'password' } },
    ],
  },
  arrayNotString: { message: 'The "array" value\'s type is invalid. The "string" type was expected. Verify and try again.' },
  notAuthorized: (resources: string) => ({ message: "The consumer isn't authorized to access %resources.", parameters: { resources } }),
  noSuchCustomer: (fieldValue: number) => ({
    message: 'No such entity with %fieldName = %fieldValue',
    parameters: { fieldName: 'customerId', fieldValue },
  }),
  notInt: (value: string) => ({ message: `The "${value}" value's type is invalid. The "int" type was expected. Verify and try again.` }),
  notProcessable: { message: 'Specified request cannot be processed.' },
  noRoute: { message: 'Request does not match any route.' },
  methodInvalid: { message: 'Request method is invalid.' },
  contentTypeEmpty: { message: 'Content-Type header is empty.' },
  mediaType: (type: string) => ({ message: `Server cannot understand Content-Type HTTP header media type ${type}` }),
  charset: { message: 'UTF-8 is the only supported charset.' },
  decoding: { message: 'Decoding error.' },
  notAcceptable: (accept: string) => ({
    message: `Server cannot match any of the given Accept HTTP header media type(s) from the request: "${accept}" with media types from the config of response renderer.`,
  }),
  customerToken: '/rest/V1/integration/customer/token',
  adminToken: '/rest/V1/integration/admin/token',
  revoke: '/rest/V1/integration/customer/revoke-customer-token',
  me: '/rest/V1/customers/me',
  tokenShape: /^[0-9a-z]{32}$/,
} as const;

export const SOCIAL = {
  login: '/socialapi/auth/post/login',
  logout: '/socialapi/auth/post/logout',
  profile: '/socialapi/user/get/profile',
  invalidApiCredentials: { status: false, message: 'Invalid API credentials.' },
  invalidCredentials: {
    status: false,
    message: 'The credentials you have supplied are invalid. Please check your email and password, and try again.',
  },
  notVerified: { status: false, message: 'This account still requires either email verification or admin approval.' },
  notApproved: { status: false, message: 'This account still requires admin approval.' },
  tokenShape: /^[A-Za-z0-9_-]{43}$/,
} as const;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What a test's body-less change of the control API sends (a reset, a DELETE): no cross-site form can. */
export const CONTROL_CLIENT = { 'X-Authmock-Client': 'test' };
