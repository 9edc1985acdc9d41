import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

// busboy is loaded on the first multipart body.
const require = createRequire(import.meta.url);

/** A form's fields (files skipped), or undefined when the body is not a form of its type. */
export async function parseForm(type: string, header: string, body: Buffer): Promise<Record<string, string> | undefined> {
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  const busboy = require('busboy') as typeof import('busboy');
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    let parser: import('busboy').Busboy;
    try {
      parser = busboy({ headers: { 'content-type': header }, limits: { fields: 200, fieldSize: 256 * 1024, files: 20 } });
    } catch {
      return resolve(undefined);
    }
    parser.on('field', (name: string, value: string) => (fields[name] = value));
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => stream.resume());
    parser.on('error', () => resolve(undefined));
    parser.on('close', () => resolve(fields));
    Readable.from([body]).pipe(parser);
  });
}
