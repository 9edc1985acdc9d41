import type { JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';
import { toEntryParts } from './to-entry.js';

/** One journal entry as it goes to Redis: its shape as ASCII JSON, when and how long, its two masked bodies. */
export interface EntryText {
  shape: string;
  /** epoch ms */
  time: number;
  durationMs: number;
  request: string;
  response: string;
}

/** Shapes remembered at most; past it, the memo starts again. */
const SHAPES_REMEMBERED = 256;

/**
 * Records as the Redis journal sends them, masked before they leave the process. Under
 * load the same request is answered the same way again and again: the masked shape of an
 * exchange (all but its time, duration and bodies) is remembered by what it is made of, so
 * it is masked and turned into JSON once, and the batch finds it again by identity. The
 * memo's keys hold what a request carried (a bearer token among its headers): they stay in
 * this process, as the request itself does.
 */
export class EntryEncoder {
  private readonly shapes = new Map<string, string>();

  constructor(private readonly redactor: Redactor) {}

  encode(record: JournalRecord): EntryText {
    const key = shapeKey(record);
    let shape = key === undefined ? undefined : this.shapes.get(key);
    const parts = toEntryParts(record, this.redactor, shape === undefined);
    if (shape === undefined) {
      shape = asciiJson(JSON.stringify(parts.shape));
      if (key !== undefined) {
        if (this.shapes.size >= SHAPES_REMEMBERED) this.shapes.clear();
        this.shapes.set(key, shape);
      }
    }
    return { shape, time: parts.time, durationMs: parts.durationMs, request: parts.requestBody, response: parts.responseBody };
  }
}

/**
 * Everything an exchange's shape is made of, as one text; undefined for the rare exchange
 * whose shape holds more (an unmatched request's nearest operation, steering, an invalid
 * field), which is masked every time.
 */
function shapeKey(r: JournalRecord): string | undefined {
  if (r.operationId === undefined || r.steered || r.invalid) return undefined;
  const query = r.query.size === 0 ? '' : r.query.toString();
  return `${r.instance}\0${r.method}\0${r.path}\0${query}\0${r.api}\0${r.operationId}\0${r.status}\0${JSON.stringify(r.principal)}\0${JSON.stringify(r.auth)}\0${JSON.stringify(r.permission)}\0${headersKey(r.request.headers)}\0${headersKey(r.response.headers)}`;
}

function headersKey(headers: Record<string, unknown>): string {
  let key = '';
  for (const name in headers) {
    const value = headers[name];
    key += `${name}\u0001${Array.isArray(value) ? value.join('\u0002') : String(value)}\u0001`;
  }
  return key;
}

/** JSON text with every character past ASCII escaped (`…` → `\u2026`): the same value, one byte a character. */
export function asciiJson(json: string): string {
  return /[^\x00-\x7f]/.test(json) ? json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
