// The pieces OpenAPI's styles are made of (§4.8.12.4): key,value lists and key=value lists.

/** A parameter's text that its style cannot read, named for the API to word. */
export class ParamProblem {
  constructor(
    readonly name: string,
    readonly message: string,
  ) {}
}

/** `['k1', 'v1', 'k2', 'v2']` → { k1: 'v1', k2: 'v2' } */
export function splitPairs(name: string, items: readonly string[]): Record<string, string> | ParamProblem {
  if (items.length % 2 !== 0) return new ParamProblem(name, 'must be key,value pairs');
  const object: Record<string, string> = {};
  for (let i = 0; i < items.length; i += 2) object[items[i]] = items[i + 1];
  return object;
}

/** `['k1=v1', 'k2=v2']` → { k1: 'v1', k2: 'v2' } */
export function splitAssignments(name: string, items: readonly string[]): Record<string, string> | ParamProblem {
  const object: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq < 0) return new ParamProblem(name, 'must be key=value pairs');
    object[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return object;
}
