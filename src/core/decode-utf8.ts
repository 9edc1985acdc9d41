// Bytes as UTF-8 or not at all: Buffer's toString would turn a bad sequence into U+FFFD and
// a body the client never sent would pass the schema. A fatal decoder keeps no state between calls.
const STRICT = new TextDecoder('utf-8', { fatal: true });

/** The text the bytes encode as UTF-8; undefined when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return STRICT.decode(bytes);
  } catch {
    return undefined;
  }
}
