import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/check/case-types.js';
import { createProgressLine } from '../../src/check/report/progress-line.js';
import { checkWithHtml, serveAuthmock, type Served } from './support.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (chunk: string) => (writes.push(chunk), true) };
}

const result = (status: CaseResult['status']) => ({ status }) as CaseResult;

describe('the progress line', () => {
  it('rewrites one line in place on a terminal: cases done of total, failures so far', () => {
    const stream = fakeStream(true);
    const progress = createProgressLine(stream, 153);
    progress.advance(result('passed'));
    progress.print('  ✗ commerce getCustomerById  no token -> denied\n');
    progress.advance(result('failed'));
    expect(stream.writes).toEqual([
      '\r\u001b[2K[   1/153] 0 failed',
      '\r\u001b[2K',
      '  ✗ commerce getCustomerById  no token -> denied\n',
      '\r\u001b[2K[   2/153] 1 failed',
    ]);
    progress.finish();
    expect(stream.writes.at(-1)).toBe('\r\u001b[2K');
  });

  it('counts 42 of 153 as the brief shows it', () => {
    const stream = fakeStream(true);
    const progress = createProgressLine(stream, 153);
    for (let i = 0; i < 42; i++) progress.advance(result(i < 1 ? 'failed' : 'passed'));
    expect(stream.writes.at(-1)).toBe('\r\u001b[2K[  42/153] 1 failed');
  });

  it('writes nothing of its own when the output is not a terminal', () => {
    const stream = fakeStream(false);
    const progress = createProgressLine(stream, 10);
    progress.advance(result('failed'));
    progress.print('a case line\n');
    progress.advance(result('passed'));
    progress.finish();
    expect(stream.writes).toEqual(['a case line\n']);
  });
});

describe('authmock check on a terminal and in a pipe', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serveAuthmock(false);
  });
  afterAll(() => server?.close());

  it('counts every case on the progress line on a terminal, and removes it before the summary', async () => {
    const run = await checkWithHtml(server.url, { lockout: false }, true);
    expect(run.code).toBe(0);
    const lines = [...run.stdout.matchAll(/\r\u001b\[2K\[ *(\d+)\/(\d+)\] (\d+) failed/g)];
    expect(lines.length).toBeGreaterThan(100);
    const last = lines.at(-1)!;
    expect(last[1]).toBe(last[2]);
    expect(last[3]).toBe('0');
    expect(run.stdout).toMatch(/\r\u001b\[2K\nConformance per operation/);
  });

  it('writes no progress line when the output is not a terminal', async () => {
    const run = await checkWithHtml(server.url, { lockout: false }, false);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/\r|\u001b/);
    expect(run.stdout).toMatch(/PASS {2}\d+ cases passed, 0 failed/);
  });
});
