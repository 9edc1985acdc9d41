import { Readable } from 'node:stream';
import type { Ctx, Step } from '../../pipeline/context.js';
import { socialError } from './error-codes.js';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json';

type Busboy = typeof import('busboy');

/**
 * The body step. busboy is loaded on the first multipart body, like the XML parser on
 * the commerce side, once per runtime.
 */
export function createDecodeBodyStep(): Step {
  let busboy: Promise<Busboy> | undefined;
  const loadBusboy = () => (busboy ??= import('busboy').then((m) => ((m as any).default ?? m) as Busboy));
  return (ctx) => decodeSocialBody(ctx, loadBusboy);
}

/**
 * Decodes JSON, URL-encoded and multipart bodies into one flat object of fields, as the
 * PHP server sees $_POST. Uploaded files are not part of any operation and are skipped.
 * Only multipart waits (for busboy): the others decode in the same turn, as the pipeline
 * runs a step that returns nothing without a microtask.
 */
function decodeSocialBody(ctx: Ctx, loadBusboy: () => Promise<Busboy>): void | Promise<void> {
  const { rawBody, headers } = ctx.req;
  const declared = ctx.op?.requestBody;
  if (!rawBody || rawBody.length === 0) {
    if (declared) {
      ctx.body = {};
      ctx.bodyMediaType = declared.media.byType.keys().next().value;
    }
    return;
  }
  const header = headers['content-type'] ?? '';
  const type = header.split(';')[0].trim().toLowerCase();
  if (type === JSON_TYPE || type.endsWith('+json')) {
    ctx.body = parseJson(rawBody.toString('utf8'));
    ctx.bodyMediaType = JSON_TYPE;
  } else if (type === FORM) {
    ctx.body = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    ctx.bodyMediaType = FORM;
  } else if (type === MULTIPART) {
    return loadBusboy()
      .then((busboy) => parseMultipart(busboy, header, rawBody))
      .then((fields) => {
        ctx.body = fields;
        ctx.bodyMediaType = MULTIPART;
      });
  } else {
    throw socialError('UNSUPPORTED_MEDIA_TYPE', { type: type || '(none)' });
  }
}

function parseJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw socialError('MALFORMED_BODY', { type: 'JSON' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw socialError('MALFORMED_BODY', { type: 'a JSON object' });
  return value as Record<string, unknown>;
}

function parseMultipart(busboy: Busboy, header: string, body: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let parser: import('busboy').Busboy;
    try {
      parser = busboy({ headers: { 'content-type': header }, limits: { fields: 100, fieldSize: 64 * 1024, files: 10 } });
    } catch {
      reject(socialError('MALFORMED_BODY', { type: 'multipart/form-data' }));
      return;
    }
    parser.on('field', (name: string, value: string) => (fields[name] = value));
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => stream.resume());
    parser.on('error', () => reject(socialError('MALFORMED_BODY', { type: 'multipart/form-data' })));
    parser.on('close', () => resolve(fields));
    Readable.from([body]).pipe(parser);
  });
}
