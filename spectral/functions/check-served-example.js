// authmock answers an operation it has no handler for with the first 2xx example it finds,
// in the order the server looks (src/spec/build-operations.ts, findExample): 2xx statuses
// in order, application/json or else the first media type, `example` or else the first
// of `examples`. Without one the server refuses to start, so the lint says so first.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { findServedApi } from './served-apis.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function hasServedExample(operation) {
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const status of Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort()) {
    const content = responses[status]?.content;
    if (!isObject(content)) continue;
    const media = content['application/json'] ?? Object.values(content)[0];
    if (!isObject(media)) continue;
    if (media.example !== undefined) return true;
    const first = isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
    if (isObject(first) && 'value' in first) return true;
  }
  return false;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkServedExample(operation, _options, context) {
    const id = operation.operationId;
    if (typeof id !== 'string' || findServedApi(context).handled.includes(id)) return [];
    if (hasServedExample(operation)) return [];
    return [{
      message:
        `authmock has no handler for "${id}", so it answers with the operation's 2xx example, and there is none: ` +
        "add an `example` (or `examples`) to a 2xx response's media type (application/json first).",
      path: isObject(operation.responses) ? [...context.path, 'responses'] : context.path,
    }];
  },
);
