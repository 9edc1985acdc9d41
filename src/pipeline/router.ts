import type { Operation } from '../core/types.js';

export type RouteMatch =
  { kind: 'found'; op: Operation; params: Record<string, string> } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' };

interface Template {
  regex: RegExp;
  names: string[];
  /** per segment: 0 literal, 1 literal with a parameter in it, 2 a parameter alone */
  kinds: number[];
  byMethod: Map<string, Operation>;
}

/**
 * Routes by the spec's paths: concrete paths win over templated ones, and of two templates
 * the one with a literal segment where the other has a parameter, at the first segment where
 * they differ, wins (OpenAPI 3.1 §4.8.8): /customers/me is never read as /customers/{customerId},
 * /files/{id}/metadata/global/cards never as /files/{id}/metadata/{scope}/{key}. The order is
 * settled once, when the router is built.
 */
export class Router {
  private readonly exact = new Map<string, Map<string, Operation>>();
  private readonly templates: Template[] = [];

  constructor(ops: readonly Operation[]) {
    const templated = new Map<string, Template>();
    for (const op of ops) {
      if (!op.path.includes('{')) {
        const byMethod = this.exact.get(op.path) ?? new Map();
        byMethod.set(op.method, op);
        this.exact.set(op.path, byMethod);
        continue;
      }
      let t = templated.get(op.path);
      if (!t) {
        const names: string[] = [];
        const source = op.path
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const m = /^\{([^}]+)\}$/.exec(part);
            if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
            names.push(m[1]);
            return '([^/]+)';
          })
          .join('');
        t = { regex: new RegExp(`^${source}$`), names, kinds: segmentKinds(op.path), byMethod: new Map() };
        templated.set(op.path, t);
        this.templates.push(t);
      }
      t.byMethod.set(op.method, op);
    }
    // stable: templates as specific as each other keep the spec's order
    this.templates.sort((a, b) => compareSpecificity(a.kinds, b.kinds));
  }

  /** HEAD is answered as GET where the spec declares no HEAD of its own (RFC 9110 §9.3.2); Node sends no body. */
  match(method: string, path: string): RouteMatch {
    const found = this.matchMethod(method, path);
    if (method !== 'HEAD' || found.kind === 'found') return found;
    const get = this.matchMethod('GET', path);
    if (get.kind === 'found') return get;
    return found;
  }

  private matchMethod(method: string, path: string): RouteMatch {
    const byPath = this.exact.get(path);
    if (byPath) {
      const op = byPath.get(method);
      if (op) return { kind: 'found', op, params: {} };
    }
    let allowed: string[] = byPath ? [...byPath.keys()] : [];
    for (const t of this.templates) {
      const m = t.regex.exec(path);
      if (!m) continue;
      const op = t.byMethod.get(method);
      if (op) {
        const params: Record<string, string> = {};
        t.names.forEach((name, i) => (params[name] = safeDecode(m[i + 1])));
        return { kind: 'found', op, params };
      }
      allowed = allowed.concat([...t.byMethod.keys()]);
    }
    return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function segmentKinds(path: string): number[] {
  return path.split('/').map((segment) => (!segment.includes('{') ? 0 : /^\{[^}]+\}$/.test(segment) ? 2 : 1));
}

/** Negative when `a` is the more specific: the first segment where they differ decides. */
function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
