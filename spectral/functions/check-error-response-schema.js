// A client can only handle an error it can parse: every 4xx and 5xx response (and
// `default`, when the operation also declares a success) declares a body with a schema.
// HEAD answers carry no body, so their operations are skipped.
import { createRulesetFunction } from '@stoplight/spectral-core';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const ERROR_STATUS = /^[45](\d\d|XX)$/i;
const SUCCESS_STATUS = /^2(\d\d|XX)$/i;

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkErrorResponseSchema(operation, _options, { path }) {
    const responses = operation.responses;
    if (path[path.length - 1] === 'head' || !isObject(responses)) return [];
    // Without any 2xx, `default` is how the operation describes its success.
    const defaultIsError = Object.keys(responses).some((s) => SUCCESS_STATUS.test(s));
    const results = [];
    for (const [status, response] of Object.entries(responses)) {
      if (!isObject(response) || !(ERROR_STATUS.test(status) || (status === 'default' && defaultIsError))) continue;
      const at = [...path, 'responses', status];
      if (!isObject(response.content) || Object.keys(response.content).length === 0) {
        results.push({
          message: `Error response ${status} declares no body: add \`content\` with a schema of the error body clients receive.`,
          path: at,
        });
        continue;
      }
      for (const [mediaType, media] of Object.entries(response.content)) {
        if (isObject(media) && (isObject(media.schema) || typeof media.schema === 'boolean')) continue;
        results.push({
          message: `Error response ${status} (${mediaType}) has no schema: add a \`schema\` describing the error body.`,
          path: [...at, 'content', mediaType],
        });
      }
    }
    return results;
  },
);
