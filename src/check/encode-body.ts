/** A request body ready for the wire. */
export interface EncodedBody {
  payload: string | Uint8Array;
  /** undefined sends no Content-Type at all */
  contentType?: string;
}

const XML_TYPES = /(^|\/|\+)xml$/;

export function isXmlType(type: string): boolean {
  return XML_TYPES.test(type.split(';')[0].trim().toLowerCase());
}

/** Encodes an object in one of the media types the specs use. */
export function encodeBody(value: Record<string, unknown>, mediaType: string, xmlRoot = 'request'): EncodedBody {
  const type = mediaType.toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return { payload: JSON.stringify(value), contentType: mediaType };
  if (isXmlType(type)) return { payload: `<?xml version="1.0"?>\n${toXml(xmlRoot, value)}`, contentType: mediaType };
  if (type === 'application/x-www-form-urlencoded') {
    return { payload: new URLSearchParams(flatten(value)).toString(), contentType: mediaType };
  }
  if (type === 'multipart/form-data') return encodeMultipart(flatten(value));
  throw new Error(`cannot encode a body as ${mediaType}`);
}

function toXml(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) return `<${name}>${value.map((v) => toXml('item', v)).join('')}</${name}>`;
  if (typeof value === 'object') {
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Form fields are flat strings; nested values travel as JSON text. */
function flatten(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
  );
}

function encodeMultipart(fields: Record<string, string>): EncodedBody {
  const boundary = `authmock-check-${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bodies a server must refuse as unreadable, per media type family. */
export const MALFORMED = {
  json: '{"username": "authmock-check", "password": ',
  xml: '<?xml version="1.0"?>\n<login><username>authmock-check</username><password>x</login>',
} as const;
