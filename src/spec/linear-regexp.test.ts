import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { findPatternError } from './linear-regexp.js';
import { LiveCompiler } from './schema-compiler.js';
import { runCommonJs } from './code-cache.js';
import { specFromDoc } from './load-spec.js';

const require = createRequire(import.meta.url);
const EVIL = `${'a'.repeat(5000)}!`;
const spec = specFromDoc(
  '/virtual/evil.openapi.yaml',
  {
    openapi: '3.1.0',
    paths: {},
    components: { schemas: { Evil: { type: 'string', pattern: '^(a+)+$' }, Code: { type: 'string', pattern: '^[0-9]{3}$' } } },
  },
  '3.1.0',
);

describe('patterns on RE2', () => {
  it('takes what RE2 runs, ECMAScript escapes and named groups included', () => {
    for (const pattern of ['^(a+)+$', '^\\u00e9\\d+$', '^(?<year>\\d{4})-\\d{2}$', '\\p{L}+', '^[\\w.-]+@\\/x$'])
      expect(findPatternError(pattern)).toBeUndefined();
  });

  it('refuses backreferences and lookaround, naming what it cannot parse', () => {
    expect(findPatternError('^(\\w+)\\1$')).toMatch(/\\1/);
    expect(findPatternError('^(?=.*\\d)\\w+$')).toMatch(/\(\?=/);
    expect(findPatternError('(?<!x)y')).toBeDefined();
  });

  it('compiles live and into the cached standalone code with the linear engine', () => {
    const compiler = new LiveCompiler([spec]);
    const live = compiler.ref('request', `${spec.id}#/components/schemas/Evil`);
    compiler.ref('request', `${spec.id}#/components/schemas/Code`);
    expect(live(EVIL)).toBe(false);
    const { code, manifest } = compiler.exportCode();
    expect(code.request).toContain('require("re2js")');
    const cached = runCommonJs(code.request, '/virtual/request.cjs', require, undefined).exports as Record<string, ValidateFunction>;
    const validate = (key: string) => cached[manifest.request[`${spec.id}#/components/schemas/${key}`]];
    expect(validate('Evil')(EVIL)).toBe(false);
    expect(validate('Evil')('aaaa')).toBe(true);
    expect(validate('Code')('404')).toBe(true);
    expect(validate('Code')('4040')).toBe(false);
  });
});
