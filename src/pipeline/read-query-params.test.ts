import { describe, expect, it } from 'vitest';
import type { ParamShape, ParamValidator } from '../core/types.js';
import { readQueryParams } from './read-query-params.js';
import { ParamProblem } from './split-param-text.js';

const shape = (name: string, style: ParamShape['style'], explode: boolean, kind: ParamShape['kind'], properties: string[] = []) =>
  ({ name, style, explode, kind, properties }) satisfies ParamShape;
const params = (names: string[], shapes?: ParamShape[]) => ({ names, types: {}, shapes }) as unknown as ParamValidator;
const read = (p: ParamValidator, query: string) => readQueryParams(p, new URLSearchParams(query));

describe('readQueryParams', () => {
  it('keeps scalars as text, as before', () => {
    expect(read(params(['limit', 'q']), 'limit=5&q=a%20b&other=1')).toEqual({ limit: '5', q: 'a b' });
  });

  it('names a scalar sent twice', () => {
    expect(read(params(['limit']), 'limit=1&limit=2')).toEqual(new ParamProblem('limit', 'must be sent once'));
  });

  it('builds arrays by style and explode', () => {
    const p = params(
      ['a', 'b', 's', 'p'],
      [
        shape('a', 'form', true, 'array'),
        shape('b', 'form', false, 'array'),
        shape('s', 'spaceDelimited', false, 'array'),
        shape('p', 'pipeDelimited', false, 'array'),
      ],
    );
    expect(read(p, 'a=1&a=2&b=3,4&s=5%206&p=7|8')).toEqual({ a: ['1', '2'], b: ['3', '4'], s: ['5', '6'], p: ['7', '8'] });
    expect(read(p, 'a=1,2&b=')).toEqual({ a: ['1,2'], b: [] });
  });

  it('builds objects: key,value pairs, spread properties, deepObject', () => {
    const p = params(
      ['pair', 'spread', 'filter'],
      [
        shape('pair', 'form', false, 'object'),
        shape('spread', 'form', true, 'object', ['lat', 'lng']),
        shape('filter', 'deepObject', true, 'object'),
      ],
    );
    expect(read(p, 'pair=k1,v1,k2,v2&lat=1&lng=2&filter[status]=open&filter[size]=3')).toEqual({
      pair: { k1: 'v1', k2: 'v2' },
      spread: { lat: '1', lng: '2' },
      filter: { status: 'open', size: '3' },
    });
    expect(read(p, '')).toEqual({});
    expect(read(p, 'pair=k1')).toEqual(new ParamProblem('pair', 'must be key,value pairs'));
  });
});
