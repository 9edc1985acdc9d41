import { describe, expect, it } from 'vitest';
import type { ParamShape } from '../core/types.js';
import { readSimpleParam } from './read-simple-params.js';
import { ParamProblem } from './split-param-text.js';

const shape = (style: ParamShape['style'], explode: boolean, kind: ParamShape['kind']): ParamShape => ({
  name: 'id',
  style,
  explode,
  kind,
  properties: [],
});

describe('readSimpleParam', () => {
  it.each([
    ['simple', false, 'array', '1,2,3', ['1', '2', '3']],
    ['simple', false, 'object', 'k1,v1,k2,v2', { k1: 'v1', k2: 'v2' }],
    ['simple', true, 'object', 'k1=v1,k2=v2', { k1: 'v1', k2: 'v2' }],
    ['label', false, 'primitive', '.5', '5'],
    ['label', false, 'array', '.1,2', ['1', '2']],
    ['label', true, 'array', '.1.2', ['1', '2']],
    ['label', true, 'object', '.k1=v1.k2=v2', { k1: 'v1', k2: 'v2' }],
    ['matrix', false, 'primitive', ';id=5', '5'],
    ['matrix', false, 'array', ';id=1,2', ['1', '2']],
    ['matrix', true, 'array', ';id=1;id=2', ['1', '2']],
    ['matrix', false, 'object', ';id=k1,v1', { k1: 'v1' }],
    ['matrix', true, 'object', ';k1=v1;k2=v2', { k1: 'v1', k2: 'v2' }],
  ] as const)('reads %s (explode %s) %s %j', (style, explode, kind, text, value) => {
    expect(readSimpleParam(shape(style, explode, kind), text)).toEqual(value);
  });

  it('trims header items, and refuses a label or matrix value without its prefix', () => {
    expect(readSimpleParam(shape('simple', false, 'array'), '1, 2', true)).toEqual(['1', '2']);
    expect(readSimpleParam(shape('label', false, 'array'), '1,2')).toBeInstanceOf(ParamProblem);
    expect(readSimpleParam(shape('matrix', false, 'array'), 'id=1')).toBeInstanceOf(ParamProblem);
    expect(readSimpleParam(shape('matrix', false, 'array'), ';other=1')).toBeInstanceOf(ParamProblem);
  });
});
