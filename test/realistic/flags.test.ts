import { describe, expect, it } from 'vitest';
import { toConfig, UsageError, type ServeFlags } from '../../src/cli/options.js';
import { API_MODULES } from '../../src/apis/index.js';
import { ROOT } from '../support/make-app.js';

describe('--seed, --examples-only and --generate', () => {
  const parse = (flags: ServeFlags) => toConfig(ROOT, flags, API_MODULES, {});

  it('reads them, and leaves them out when not given', () => {
    expect(parse({ seed: '42', examplesOnly: true, generate: '25' })).toMatchObject({ seed: 42, examplesOnly: true, generate: 25 });
    const plain = parse({});
    expect(plain.seed).toBeUndefined();
    expect(plain.examplesOnly).toBeUndefined();
    expect(plain.generate).toBeUndefined();
  });

  it('refuses a seed or a count that is not a whole number', () => {
    expect(() => parse({ seed: 'x' })).toThrow(UsageError);
    expect(() => parse({ generate: '-1' })).toThrow(/--generate/);
  });
});
