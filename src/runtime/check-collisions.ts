import type { ServedApi } from '../pipeline/served-api.js';
import { StartError } from './start-error.js';

/** A path as routing sees it: each `{param}` alike, so `/pets/{id}` and `/pets/{petId}` are one route. */
function routeKey(mount: string, path: string): string {
  const full = `${mount === '/' ? '' : mount}${path}`;
  return full.replace(/\{[^}]+\}/g, '{}');
}

/**
 * Two APIs must not answer the same request: two names alike, or two operations with the
 * same method and the same path once mounted, stop the start (exit 2) naming both files.
 */
export function checkCollisions(apis: readonly ServedApi[]): void {
  const names = new Map<string, ServedApi>();
  for (const api of apis) {
    const other = names.get(api.name);
    if (other)
      throw new StartError(
        `${other.model.spec.file} and ${api.model.spec.file} are both named ${api.name} (a spec's name is its file name up to the first dot): rename one`,
      );
    names.set(api.name, api);
  }
  const seen = new Map<string, { api: ServedApi; operationId: string }>();
  for (const api of apis) {
    for (const op of api.model.operations) {
      const key = `${op.method} ${routeKey(api.model.mount, op.path)}`;
      const other = seen.get(key);
      if (other && other.api !== api) {
        throw new StartError(
          `${other.api.model.spec.file} (${other.operationId}) and ${api.model.spec.file} (${op.operationId}) both serve ${op.method} ${routeKey(api.model.mount, op.path)}: serve them on separate servers, or change a spec's servers URL`,
        );
      }
      seen.set(key, { api, operationId: op.operationId });
    }
  }
}
