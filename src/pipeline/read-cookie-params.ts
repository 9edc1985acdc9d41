import type { ParamValidator } from '../core/types.js';
import { ParamProblem, splitPairs } from './split-param-text.js';

// Cookie parameters (style form, RFC 6265's Cookie header): `a=1; b=2`. Values are taken as
// sent; arrays and objects are `id=1,2` (explode false) or the name repeated (explode true).

/** The declared cookie parameters by name, from the Cookie header. */
export function readCookieParams(params: ParamValidator, header: string | undefined): Record<string, unknown> | ParamProblem {
  const jar = parseCookieHeader(header);
  const cookies: Record<string, unknown> = {};
  for (const name of params.names) {
    const shape = params.shapes?.find((s) => s.name === name);
    if (shape?.kind === 'object' && shape.explode) {
      const found = shape.properties.filter((p) => jar.has(p));
      if (found.length) cookies[name] = Object.fromEntries(found.map((p) => [p, jar.get(p)![0]]));
      continue;
    }
    const values = jar.get(name);
    if (!values) continue;
    if (shape?.kind === 'array' && shape.explode) {
      cookies[name] = values;
      continue;
    }
    if (values.length > 1) return new ParamProblem(name, 'must be sent once');
    const v = values[0];
    if (!shape || shape.kind === 'primitive') cookies[name] = v;
    else if (shape.kind === 'array') cookies[name] = v === '' ? [] : v.split(',');
    else {
      const object = splitPairs(name, v === '' ? [] : v.split(','));
      if (object instanceof ParamProblem) return object;
      cookies[name] = object;
    }
  }
  return cookies;
}

/** `a=1; b=2; a=3` → a: ['1', '3'], b: ['2'] */
function parseCookieHeader(header: string | undefined): Map<string, string[]> {
  const jar = new Map<string, string[]>();
  if (!header) return jar;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const list = jar.get(name);
    if (list) list.push(value);
    else jar.set(name, [value]);
  }
  return jar;
}
