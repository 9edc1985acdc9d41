/**
 * The platform's XML renderer: root <response>, list items <item>, booleans as
 * true/false, null as empty, keys made into valid element names (a leading digit gets
 * "item_"), two-space indentation as PHP's DOM prints it.
 */
export function renderXml(value: unknown): string {
  return `<?xml version="1.0"?>\n${element('response', value, '')}\n`;
}

function element(name: string, value: unknown, indent: string): string {
  if (value === null || value === undefined || value === '') return `${indent}<${name}/>`;
  if (typeof value !== 'object') return `${indent}<${name}>${escapeText(scalar(value))}</${name}>`;
  const entries = Array.isArray(value) ? value.map((v) => ['item', v] as const) : Object.entries(value);
  if (entries.length === 0) return `${indent}<${name}/>`;
  const inner = entries.map(([k, v]) => element(elementName(k), v, indent + '  ')).join('\n');
  return `${indent}<${name}>\n${inner}\n${indent}</${name}>`;
}

function scalar(v: unknown): string {
  return typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v);
}

function elementName(key: string): string {
  const clean = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(clean) ? clean : `item_${clean}`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
