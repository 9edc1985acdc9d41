// Every operation of a document with its JSON path: under `paths`, under `webhooks`
// (OAS 3.1) and inside their callbacks, so that a scheme used only there counts as used.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function* operationsOf(pathItems, at) {
  if (!isObject(pathItems)) return;
  for (const [key, item] of Object.entries(pathItems)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const path = [...at, key, method];
      yield { operation, path };
      if (isObject(operation.callbacks)) {
        for (const [name, callback] of Object.entries(operation.callbacks)) {
          yield* operationsOf(callback, [...path, 'callbacks', name]);
        }
      }
    }
  }
}

/** Lists {operation, path} for every operation in the document. */
export function listOperations(document) {
  return [...operationsOf(document?.paths, ['paths']), ...operationsOf(document?.webhooks, ['webhooks'])];
}
