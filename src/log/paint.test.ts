import { describe, expect, it } from 'vitest';
import { wantsColor } from './paint.js';

describe('wantsColor', () => {
  it('colours a terminal, not a file or a pipe', () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(undefined, {})).toBe(false);
  });

  it('NO_COLOR turns it off, FORCE_COLOR on (0: off)', () => {
    expect(wantsColor(true, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '0' })).toBe(false);
  });
});
