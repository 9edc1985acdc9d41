// What an answer in a declared media type other than JSON is made of, where the spec shows no
// example: the Content-Type a declared range stands for, and a body of that type.

/** The type an answer declared as `declared` goes out as: itself, or for a range the type it stands for (`image/*`: PNG). */
export function answerTypeOf(declared: string): string {
  if (!declared.endsWith('/*')) return declared;
  if (declared === '*/*' || declared === 'application/*') return 'application/json';
  if (declared === 'text/*') return 'text/plain';
  if (declared === 'image/*') return 'image/png';
  return 'application/octet-stream';
}

/** YAML, whose reader also reads JSON: an object in it can go as its JSON text. */
export function isYamlType(type: string): boolean {
  return /[/+](yaml|x-yaml)$/.test(type);
}

/** Text a client reads as text (CSV, YAML, XML, plain text), as opposed to bytes (an image, a PDF, an archive). */
export function isTextType(type: string): boolean {
  return type.startsWith('text/') || /[/+]xml$/.test(type) || isYamlType(type) || TEXT_TYPES.has(type);
}

const TEXT_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/x-ndjson',
  'application/csv',
  'application/sql',
  'application/graphql',
  'application/x-www-form-urlencoded',
]);

/** A body of `type` for an answer whose spec shows neither an example nor a schema: empty text, else a few bytes. */
export function madeUpBody(type: string): string | Buffer {
  return minimalFile(type) ?? (isTextType(type) ? '' : SOME_BYTES);
}

/** The smallest valid file of a well-known binary type (a 1×1 PNG or GIF, a one-page PDF, empty archives), for a client that opens what it gets. */
export function minimalFile(type: string): Buffer | undefined {
  return MINIMAL_FILES.get(type);
}

// a 1×1 grey PNG (as the social API's thumbnails), a 1×1 transparent GIF
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
// one empty 1×1-inch page; the xref table gives each object's byte offset
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \n' +
    'trailer<</Size 4/Root 1 0 R>>\nstartxref\n162\n%%EOF\n',
  'latin1',
);
// an empty ZIP archive (its end-of-central-directory record alone), gzip of no bytes
const ZIP = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
const GZIP = Buffer.from('1f8b080000000000000303000000000000000000', 'hex');

const MINIMAL_FILES: ReadonlyMap<string, Buffer> = new Map([
  ['image/png', PNG],
  ['image/gif', GIF],
  ['application/pdf', PDF],
  ['application/zip', ZIP],
  ['application/gzip', GZIP],
  ['application/x-gzip', GZIP],
]);

// bytes that are no text: a client that shows them as a string sees at once they are a stand-in
const SOME_BYTES = Buffer.from('00010203a0a1a2a3', 'hex');
