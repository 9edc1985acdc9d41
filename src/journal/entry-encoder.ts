import type { JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';
import { toEntryParts } from './to-entry.js';
import { rememberable, sameShape } from './same-shape.js';

/** One journal entry as it goes to Redis: its shape as ASCII JSON, when and how long, its two masked bodies. */
export interface EntryText {
  shape: string;
  /** epoch ms */
  time: number;
  durationMs: number;
  request: string;
  response: string;
}

/** Recent shapes remembered, with a record of each: traffic under load is a few requests again and again. */
const SHAPES_REMEMBERED = 8;

/**
 * Records as the Redis journal sends them, masked before they leave the process. Under
 * load the same request is answered the same way again and again: an exchange's shape
 * (all but its time, duration and bodies) is masked and turned into JSON once, and found
 * again for a later record that is made of the same values (compared field by field,
 * nothing built), and the batch then finds it again by identity.
 */
export class EntryEncoder {
  /** the most recent first */
  private readonly recent: { record: JournalRecord; shape: string }[] = [];

  constructor(private readonly redactor: Redactor) {}

  encode(record: JournalRecord): EntryText {
    const known = this.recent.find((r) => sameShape(r.record, record));
    const parts = toEntryParts(record, this.redactor, known === undefined);
    let shape = known?.shape;
    if (shape === undefined) {
      shape = asciiJson(JSON.stringify(parts.shape));
      if (rememberable(record)) {
        this.recent.unshift({ record, shape });
        if (this.recent.length > SHAPES_REMEMBERED) this.recent.pop();
      }
    }
    return { shape, time: parts.time, durationMs: parts.durationMs, request: parts.requestBody, response: parts.responseBody };
  }
}

const NON_ASCII = /[^\x00-\x7f]/;

/** JSON text with every character past ASCII escaped (`…` → `\u2026`): the same value, one byte a character. */
export function asciiJson(json: string): string {
  if (!NON_ASCII.test(json)) return json;
  // a masked token's ellipsis, in nearly every such text: replaced without a call per character
  const out = json.replaceAll('…', '\\u2026');
  return NON_ASCII.test(out) ? out.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : out;
}
