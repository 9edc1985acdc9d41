// What authmock can serve, per spec file it loads (the server picks an API by file name):
// the permissions that API's callers can satisfy, and the operations it has code for.
// Every other operation is answered from its 2xx example. test/lint/served-apis.test.ts
// checks the handler lists against the server's own registry.
export const SERVED_APIS = {
  'commerce.openapi.yaml': {
    // A commerce caller is a guest, a customer, an admin or an integration: never a social userToken.
    permissions: ['anonymous', 'self'],
    acl: true,
    handled: [
      'createCustomerAccessToken',
      'createAdminAccessToken',
      'createAdminAccessTokenWithGoogle',
      'revokeCustomerAccessToken',
      'getCurrentCustomer',
      'getCustomerById',
    ],
  },
  'social.openapi.yaml': {
    // A social caller is anonymous or holds a userToken: no customers, no admin ACL.
    permissions: ['anonymous', 'token'],
    acl: false,
    handled: ['login', 'logout', 'getProfile'],
  },
};

// A spec marked for authmock under another name: whatever the server can parse.
const ANY_API = { permissions: ['anonymous', 'self', 'token'], acl: true, handled: [] };

/** The file name of a document's source (a path or a URL). */
export function readFileName(source) {
  return String(source ?? '').split(/[\\/]/).pop();
}

/** What authmock serves for the document in this rule context. */
export function findServedApi(context) {
  return SERVED_APIS[readFileName(context.document.source)] ?? ANY_API;
}
