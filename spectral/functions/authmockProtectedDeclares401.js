// An operation that is not anonymous answers 401 to a caller without a valid token,
// so the spec must declare that response (the server validates every response it sends).
// A missing permission counts as protected: deny by default.
import { createRulesetFunction } from '@stoplight/spectral-core';

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function authmockProtectedDeclares401(operation, _options, { path }) {
    const permission = operation['x-authmock-permission'];
    if (permission === 'anonymous') return [];
    const responses = operation.responses;
    if (responses !== null && typeof responses === 'object' && '401' in responses) return [];
    return [
      {
        message: `Operation with permission ${JSON.stringify(permission ?? '(none)')} must declare a 401 response.`,
        path: responses === undefined ? path : [...path, 'responses'],
      },
    ];
  },
);
