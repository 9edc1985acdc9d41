import { prepareRedaction, redact, redactBody, type RedactOptions } from './redact.js';

/** Redaction of one journal's entries, the parts of an entry each masked their own way. */
export interface Redactor {
  headers(headers: Record<string, unknown>): Record<string, string>;
  query(query: string): string;
  body(text: string, contentType: string | undefined): string;
}

/**
 * A redactor with its token finders compiled once. `remember` (for a journal that redacts
 * every entry as it records it, before it leaves the process) keeps the masked text of that
 * many bodies: an answer built from values that never change (GET me) is masked once, not
 * on every request. Bodies differ by content type, then by text. A body with a token in it
 * is not kept: a new token makes a new body.
 */
export function createRedactor(options: RedactOptions, { remember = 0 }: { remember?: number } = {}): Redactor {
  const prepared = prepareRedaction(options);
  const byType = new Map<string, Map<string, string>>();
  let kept = 0;
  const maskBody = (text: string, contentType: string | undefined) => redactBody(text, contentType, prepared);
  return {
    headers: (headers) => redact('headers', headers, prepared),
    query: (query) => (query === '' ? query : redact('query', query, prepared)),
    body(text, contentType) {
      if (remember === 0 || text === '') return maskBody(text, contentType);
      const type = contentType ?? '';
      let bodies = byType.get(type);
      const known = bodies?.get(text);
      if (known !== undefined) return known;
      const masked = maskBody(text, contentType);
      // a body that carried a token (a login's answer) is not seen again: not kept
      if (masked.includes('…') && !text.includes('…')) return masked;
      // bounded: past it, start again
      if (kept >= remember) {
        byType.clear();
        kept = 0;
        bodies = undefined;
      }
      if (!bodies) byType.set(type, (bodies = new Map()));
      bodies.set(text, masked);
      kept++;
      return masked;
    },
  };
}
