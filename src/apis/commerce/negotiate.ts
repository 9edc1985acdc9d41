import { commerceError } from './error-codes.js';

type Renderer = 'json' | 'xml';

// The platform's renderer table, in its order (docs/commerce-platform.md, response formats).
const RENDERERS: [string, Renderer][] = [
  ['*/*', 'json'],
  ['application/json', 'json'],
  ['text/xml', 'xml'],
  ['application/xml', 'xml'],
  ['application/xhtml+xml', 'xml'],
];

/**
 * Negotiation: JSON or XML from Accept, walking types by q; nothing acceptable is a 406.
 * Each runtime keeps a small cache of Accept values already decided.
 */
export function createNegotiator(): (accept: string | undefined) => Renderer {
  const cache = new Map<string, Renderer | null>();
  return (accept) => {
    if (!accept) return 'json';
    let renderer = cache.get(accept);
    if (renderer === undefined) {
      renderer = pickRenderer(accept);
      if (cache.size < 256) cache.set(accept, renderer);
    }
    if (renderer === null) throw commerceError('NOT_ACCEPTABLE', { accept });
    return renderer;
  };
}

export function pickRenderer(accept: string): Renderer | null {
  const types = accept
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.type && !(t.q <= 0))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type } of types) {
    if (type.endsWith('/*') && type !== '*/*') {
      const major = type.slice(0, -1);
      const hit = RENDERERS.find(([t]) => t.startsWith(major));
      if (hit) return hit[1];
      continue;
    }
    const hit = RENDERERS.find(([t]) => t === type);
    if (hit) return hit[1];
  }
  return null;
}
