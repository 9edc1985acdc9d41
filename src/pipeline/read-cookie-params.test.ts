import { describe, expect, it } from 'vitest';
import type { ParamShape, ParamValidator } from '../core/types.js';
import { readCookieParams } from './read-cookie-params.js';
import { ParamProblem } from './split-param-text.js';

const shape = (name: string, explode: boolean, kind: ParamShape['kind'], properties: string[] = []): ParamShape => ({
  name,
  style: 'form',
  explode,
  kind,
  properties,
});
const params = (names: string[], shapes: ParamShape[] = []) => ({ names, types: {}, shapes }) as unknown as ParamValidator;

describe('readCookieParams', () => {
  it('reads declared cookies from the Cookie header, ignoring the others', () => {
    expect(readCookieParams(params(['count', 'name']), 'count=3; other=x; name="quoted"')).toEqual({ count: '3', name: 'quoted' });
    expect(readCookieParams(params(['count']), undefined)).toEqual({});
  });

  it('builds arrays and objects as form says', () => {
    const p = params(['ids', 'tags', 'pair'], [shape('ids', false, 'array'), shape('tags', true, 'array'), shape('pair', false, 'object')]);
    expect(readCookieParams(p, 'ids=1,2; tags=a; tags=b; pair=k,v')).toEqual({ ids: ['1', '2'], tags: ['a', 'b'], pair: { k: 'v' } });
  });

  it('names a scalar cookie sent twice', () => {
    expect(readCookieParams(params(['count']), 'count=1; count=2')).toEqual(new ParamProblem('count', 'must be sent once'));
  });
});
