import { describe, expect, it } from 'vitest';
import type { Operation } from '../core/types.js';
import { Router } from './router.js';

const op = (method: string, path: string, operationId = `${method} ${path}`) => ({ api: 'test', method, path, operationId }) as Operation;

const ops = [
  op('get', '/customers/me', 'getCurrentCustomer'),
  op('put', '/customers/me', 'saveCurrentCustomer'),
  op('get', '/customers/{customerId}', 'getCustomerById'),
  op('delete', '/customers/{customerId}', 'deleteCustomer'),
  op('get', '/carts/{cartId}/items/{itemId}', 'getCartItem'),
  op('post', '/integration/customer/token', 'createCustomerAccessToken'),
  op('get', '/v1.0/files/{name}', 'getFile'),
];
const router = new Router(ops);
const found = (method: string, path: string) => {
  const m = router.match(method, path);
  return m.kind === 'found' ? { operationId: m.op.operationId, params: m.params } : m;
};

describe('the router', () => {
  it('prefers a concrete path over a template that also matches', () => {
    expect(found('get', '/customers/me')).toEqual({ operationId: 'getCurrentCustomer', params: {} });
    expect(found('get', '/customers/7')).toEqual({ operationId: 'getCustomerById', params: { customerId: '7' } });
  });

  it('answers HEAD as GET where no HEAD is declared', () => {
    const upper = new Router([op('GET', '/pets', 'listPets'), op('POST', '/pets', 'addPet'), op('HEAD', '/status', 'headStatus')]);
    const m = upper.match('HEAD', '/pets');
    expect(m.kind === 'found' && m.op.operationId).toBe('listPets');
    const s = upper.match('HEAD', '/status');
    expect(s.kind === 'found' && s.op.operationId).toBe('headStatus');
    expect(upper.match('DELETE', '/pets')).toEqual({ kind: 'wrong-method', allowed: ['GET', 'POST'] });
    expect(upper.match('HEAD', '/nowhere')).toEqual({ kind: 'none' });
  });

  it('falls back to the template when the concrete path lacks the method', () => {
    expect(found('delete', '/customers/me')).toEqual({ operationId: 'deleteCustomer', params: { customerId: 'me' } });
  });

  it('names every path parameter of a template', () => {
    expect(found('get', '/carts/12/items/34')).toEqual({ operationId: 'getCartItem', params: { cartId: '12', itemId: '34' } });
  });

  it('lists the allowed methods of the concrete path and the templates for a wrong method', () => {
    const m = router.match('post', '/customers/me');
    expect(m.kind).toBe('wrong-method');
    expect(m.kind === 'wrong-method' && [...m.allowed].sort()).toEqual(['delete', 'get', 'get', 'put'].sort());
    expect(router.match('get', '/integration/customer/token')).toEqual({ kind: 'wrong-method', allowed: ['post'] });
  });

  it('finds nothing for an unknown path, a partial one or an extra segment', () => {
    for (const path of ['/nowhere', '/customers', '/customers/7/extra', '/carts/1/items', '/customers/']) {
      expect(router.match('get', path)).toEqual({ kind: 'none' });
    }
  });

  it('decodes percent-encoded parameters, and keeps one that does not decode as it came', () => {
    expect(found('get', '/customers/a%20b')).toEqual({ operationId: 'getCustomerById', params: { customerId: 'a b' } });
    expect(found('get', '/customers/%E2%82%AC')).toEqual({ operationId: 'getCustomerById', params: { customerId: '€' } });
    expect(found('get', '/customers/%E0%A4%A')).toEqual({ operationId: 'getCustomerById', params: { customerId: '%E0%A4%A' } });
  });

  it('never lets a parameter span a slash, not even an encoded one decoded after matching', () => {
    expect(router.match('get', '/customers/1/2')).toEqual({ kind: 'none' });
    expect(found('get', '/customers/1%2F2')).toEqual({ operationId: 'getCustomerById', params: { customerId: '1/2' } });
  });

  it('reads the literal parts of a template literally (a dot is no wildcard)', () => {
    expect(found('get', '/v1.0/files/a.txt')).toEqual({ operationId: 'getFile', params: { name: 'a.txt' } });
    expect(router.match('get', '/v1x0/files/a.txt')).toEqual({ kind: 'none' });
  });

  it('prefers the template with a literal segment where the other has a parameter, whatever the spec order', () => {
    const box = new Router([
      op('get', '/files/{file_id}/metadata/{scope}/{template_key}', 'getFileMetadataById'),
      op('get', '/files/{file_id}/metadata/global/boxSkillsCards', 'getBoxSkillCards'),
    ]);
    const at = (path: string) => {
      const m = box.match('get', path);
      return m.kind === 'found' ? { operationId: m.op.operationId, params: m.params } : m;
    };
    expect(at('/files/12345/metadata/global/boxSkillsCards')).toEqual({ operationId: 'getBoxSkillCards', params: { file_id: '12345' } });
    expect(at('/files/12345/metadata/enterprise/invoice')).toEqual({
      operationId: 'getFileMetadataById',
      params: { file_id: '12345', scope: 'enterprise', template_key: 'invoice' },
    });
  });

  it('decides between two templates at the first segment where one is literal and the other a parameter', () => {
    const both = new Router([op('get', '/{a}/b/{c}', 'paramFirst'), op('get', '/a/{b}/c', 'literalFirst')]);
    const m = both.match('get', '/a/b/c');
    expect(m.kind === 'found' && m.op.operationId).toBe('literalFirst');
  });

  it('ranks a segment with a parameter inside it between a literal and a parameter alone', () => {
    const mixed = new Router([op('get', '/files/{name}', 'byName'), op('get', '/files/{id}.json', 'asJson')]);
    const m = mixed.match('get', '/files/7.json');
    expect(m.kind === 'found' && m.op.operationId).toBe('asJson');
  });
});
