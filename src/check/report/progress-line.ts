import type { CaseResult } from '../case-types.js';

export interface ProgressLine {
  /** writes text where the progress line was; the next advance draws it again below */
  print(text: string): void;
  /** counts a finished case and redraws the line */
  advance(result: CaseResult): void;
  /** removes the line, leaving the output as if it had never been there */
  finish(): void;
}

type Stream = Pick<NodeJS.WritableStream, 'write'> & { isTTY?: boolean };

// Carriage return, then erase the line: the next text starts from a clean column 0.
const CLEAR = '\r\u001b[2K';

/**
 * `[  42/153] 1 failed`, rewritten in place as cases finish, on a terminal only: piped
 * output and CI logs get exactly the lines they got before.
 */
export function createProgressLine(stream: Stream, total: number): ProgressLine {
  if (!stream.isTTY) return { print: (text) => void stream.write(text), advance: () => {}, finish: () => {} };
  let done = 0;
  let failed = 0;
  let shown = false;
  const width = String(total).length;
  const draw = () => {
    stream.write(`${CLEAR}[${String(done).padStart(width + 1)}/${total}] ${failed} failed`);
    shown = true;
  };
  const clear = () => {
    if (shown) stream.write(CLEAR);
    shown = false;
  };
  return {
    print(text) {
      clear();
      stream.write(text);
    },
    advance(result) {
      done++;
      if (result.status === 'failed') failed++;
      draw();
    },
    finish: clear,
  };
}
