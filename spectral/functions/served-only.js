// authmock's serving rules are about specs authmock itself serves: its commerce and
// social specs (or copies of them under those names), or any spec that uses x-authmock-*
// extensions. For every other API they would only be noise, so they stay silent there.
import { SERVED_APIS, readFileName } from './served-apis.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasAuthmockKey = (node) => isObject(node) && Object.keys(node).some((k) => k.startsWith('x-authmock-'));

/** Whether the document in this rule context is one authmock serves. */
export function isServedSpec({ document }) {
  if (readFileName(document.source) in SERVED_APIS) return true;
  const data = document.data;
  if (hasAuthmockKey(data) || hasAuthmockKey(data?.info)) return true;
  const pathItems = isObject(data?.paths) ? Object.values(data.paths) : [];
  return pathItems.some((item) => hasAuthmockKey(item) || (isObject(item) && Object.values(item).some(hasAuthmockKey)));
}

/** Wraps a Spectral function so that it only runs on specs authmock serves. */
export function servedOnly(fn) {
  const wrapped = (input, options, context) => (isServedSpec(context) ? fn(input, options, context) : undefined);
  Object.defineProperty(wrapped, 'name', { value: `servedOnly(${fn.name})` });
  return wrapped;
}
