import type { ParamShape } from '../core/types.js';
import { ParamProblem, splitAssignments, splitPairs } from './split-param-text.js';

// Path and header parameters as OpenAPI 3.1 §4.8.12.4 serializes them: simple (`1,2,3`),
// label (`.1.2`, `.1,2`), matrix (`;id=1;id=2`, `;id=1,2`). The router hands the path's
// segment over whole, prefix included: the prefix is read here, where the style is known.

/** One path or header parameter's text as its shape says; undefined where its shape does not apply. */
export function readSimpleParam(shape: ParamShape, text: string, trim = false): unknown {
  const { name, style, explode, kind } = shape;
  if (style === 'label') {
    if (!text.startsWith('.')) return new ParamProblem(name, "must start with '.' (label style)");
    return build(shape, text.slice(1), explode ? '.' : ',', trim);
  }
  if (style === 'matrix') return readMatrix(shape, text);
  if (kind === 'primitive') return text;
  return build({ name, kind, explode }, text, ',', trim);
}

function build(shape: Pick<ParamShape, 'name' | 'kind' | 'explode'>, body: string, separator: string, trim: boolean): unknown {
  if (shape.kind === 'primitive') return body;
  const items = body === '' ? [] : body.split(separator).map((s) => (trim ? s.trim() : s));
  if (shape.kind === 'array') return items;
  return shape.explode ? splitAssignments(shape.name, items) : splitPairs(shape.name, items);
}

/** `;id=5`, `;id=1,2`, `;id=1;id=2`, `;id=k,v`, `;k=v;k2=v2` */
function readMatrix(shape: ParamShape, text: string): unknown {
  const { name, explode, kind } = shape;
  if (!text.startsWith(';')) return new ParamProblem(name, "must start with ';' (matrix style)");
  const parts = text.slice(1).split(';');
  if (kind === 'object' && explode) return splitAssignments(name, parts);
  const values: string[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key !== name) return new ParamProblem(name, `must be ;${name}=… (matrix style)`);
    values.push(eq < 0 ? '' : part.slice(eq + 1));
  }
  if (kind === 'array' && explode) return values;
  if (values.length !== 1) return new ParamProblem(name, 'must be sent once');
  return build({ name, kind, explode: false }, values[0], ',', false);
}
