/** What came back for one request. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** milliseconds from sending to the last byte */
  ms: number;
  /** no answer at all: a reset connection, a timeout */
  error?: string;
  /** the first try's connection was dropped without an answer; this answer is the second try's */
  droppedOnce?: string;
  /** spec violations the in-process server reported while answering (they become 500s) */
  violations?: unknown[];
}

export type FindingKind = 'server-error' | 'slow' | 'no-answer' | 'off-spec' | 'secret-echoed' | 'spec-violation' | 'access';

export interface Finding {
  kind: FindingKind;
  detail: string;
}
