import type { SpecModel } from '../spec/spec-model.js';

/**
 * The path prefixes an API answers under, its own 404s included: where its spec is
 * mounted (`/v3`), or, for a spec mounted at the root, the first segment of each of its
 * paths (`/pet`, `/store`, `/user`), so two root-mounted specs can share a server.
 */
export function claimsOf(model: SpecModel): string[] {
  if (model.mount !== '/') return [model.mount];
  const firsts = new Set<string>();
  for (const op of model.operations) {
    const first = op.path.split('/')[1] ?? '';
    firsts.add(first.includes('{') || first === '' ? '/' : `/${first}`);
  }
  return [...firsts];
}
