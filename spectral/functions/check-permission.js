// Checks an operation's `x-authmock-permission`: the server reads who may call the
// operation from it, so a missing or misspelt value must fail the lint, not the boot, and
// a permission no caller of this API can hold (a userToken on commerce, an ACL on social)
// would make the operation unreachable.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { findServedApi, readFileName } from './served-apis.js';

const ACL_RESOURCE = /^[A-Za-z0-9_]+::[A-Za-z0-9_]+$/;

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkPermission(operation, _options, context) {
    const { permissions, acl } = findServedApi(context);
    const path = context.path;
    const at = [...path, 'x-authmock-permission'];
    const value = operation['x-authmock-permission'];
    const expected = `one of ${permissions.map((k) => `"${k}"`).join(', ')}${
      acl ? ', or a non-empty list of ACL resource ids like "Vendor_Module::resource"' : ''
    } (what ${readFileName(context.document.source) || 'this spec'} can serve)`;
    if (value === undefined) {
      return [{ message: `Operation has no x-authmock-permission: add ${expected}.`, path }];
    }
    if (typeof value === 'string') {
      return permissions.includes(value) ? [] : [{ message: `x-authmock-permission "${value}" cannot be served: use ${expected}.`, path: at }];
    }
    if (!Array.isArray(value) || !acl) {
      return [{ message: `x-authmock-permission ${JSON.stringify(value)} cannot be served: use ${expected}.`, path: at }];
    }
    if (value.length === 0) {
      return [{ message: 'x-authmock-permission lists no ACL resource: name at least one, like "Vendor_Module::resource".', path: at }];
    }
    return value.flatMap((resource, i) =>
      typeof resource === 'string' && ACL_RESOURCE.test(resource)
        ? []
        : [{ message: `ACL resource ${JSON.stringify(resource)} is malformed: write it as "Vendor_Module::resource".`, path: [...at, i] }],
    );
  },
);
