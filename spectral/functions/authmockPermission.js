// Checks an operation's `x-authmock-permission`: the server reads who may call the
// operation from it, so a missing or misspelt value must fail the lint, not the boot.
import { createRulesetFunction } from '@stoplight/spectral-core';

const ACL_RESOURCE = /^[A-Za-z0-9_]+::[A-Za-z0-9_]+$/;

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['keywords', 'allowAcl'],
      properties: {
        // the plain-string permissions this API knows
        keywords: { type: 'array', items: { type: 'string' }, minItems: 1 },
        // whether a list of ACL resource ids is allowed (commerce only)
        allowAcl: { type: 'boolean' },
      },
    },
  },
  function authmockPermission(operation, { keywords, allowAcl }, { path }) {
    const at = [...path, 'x-authmock-permission'];
    const value = operation['x-authmock-permission'];
    const expected = `one of ${keywords.map((k) => `"${k}"`).join(', ')}${
      allowAcl ? ', or a non-empty list of ACL resource ids like "Vendor_Module::resource"' : ''
    }`;
    if (value === undefined) {
      return [{ message: `Operation has no x-authmock-permission; expected ${expected}.`, path }];
    }
    if (typeof value === 'string') {
      return keywords.includes(value)
        ? []
        : [{ message: `x-authmock-permission "${value}" is not ${expected}.`, path: at }];
    }
    if (!Array.isArray(value) || !allowAcl) {
      return [{ message: `x-authmock-permission must be ${expected}.`, path: at }];
    }
    if (value.length === 0) {
      return [{ message: 'x-authmock-permission lists no ACL resource.', path: at }];
    }
    return value.flatMap((resource, i) =>
      typeof resource === 'string' && ACL_RESOURCE.test(resource)
        ? []
        : [{ message: `ACL resource ${JSON.stringify(resource)} must look like "Vendor_Module::resource".`, path: [...at, i] }],
    );
  },
);
