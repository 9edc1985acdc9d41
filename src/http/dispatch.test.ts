import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedApi } from '../pipeline/served-api.js';
import type { ApiRoute } from './serve-api.js';
import { createDispatch, pickApi } from './create-server.js';

const route = (paths: string[]) => ({
  match: (_m: string, p: string) => ({ kind: paths.some((x) => p.startsWith(x)) ? 'found' : 'none' }),
});
const apis = [
  { name: 'commerce', claims: ['/rest'], model: { mount: '/rest' }, router: route([]) },
  { name: 'social', claims: ['/socialapi'], model: { mount: '/' }, router: route([]) },
  { name: 'pets', claims: ['/pets'], model: { mount: '/' }, router: route(['/pets']) },
  { name: 'shelters', claims: ['/pets', '/shelters'], model: { mount: '/' }, router: route(['/pets/adopt', '/shelters']) },
] as unknown as ServedApi[];

function setUp(opts: { preflight?: boolean } = {}) {
  const served: ApiRoute[] = [];
  const dispatch = createDispatch({
    apis,
    timed: false,
    applyCors: () => opts.preflight === true,
    serveApi: async (_req, _res, route) => void served.push(route),
  });
  const send = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    dispatch({ url, headers, method } as unknown as IncomingMessage, {} as ServerResponse);
  return { served, send };
}

describe('the dispatch of the mocked APIs', () => {
  it('takes a request under an API prefix and hands the pipeline its API, namespace, path and query', () => {
    const { served, send } = setUp();
    expect(send('/rest/V1/customers/me?x=1')).toBe(true);
    expect(served[0]).toMatchObject({
      ns: 'default',
      path: '/rest/V1/customers/me',
      url: '/rest/V1/customers/me?x=1',
      q: 21,
      mocked: true,
      started: 0,
    });
    expect(served[0].api.name).toBe('commerce');
    expect(send('/socialapi/auth/post/login', {}, 'POST')).toBe(true);
    expect(served[1].api.name).toBe('social');
  });

  it('reads the namespace from the /__ns/<name> prefix or the X-Authmock-Namespace header', () => {
    const { served, send } = setUp();
    send('/__ns/worker-1/rest/V1/customers/me');
    send('/rest/V1/customers/me', { 'x-authmock-namespace': 'worker-2' });
    expect(served.map((r) => [r.ns, r.path])).toEqual([
      ['worker-1', '/rest/V1/customers/me'],
      ['worker-2', '/rest/V1/customers/me'],
    ]);
  });

  it('leaves everything else to the Express app: control API, unknown paths, bad namespace names, a look-alike prefix', () => {
    const { served, send } = setUp();
    for (const url of ['/__authmock/reset', '/__ns/a/__authmock/clock', '/', '/nothing', '/restful', '/__ns/bad name/rest/V1/x']) {
      expect(send(url), url).toBe(false);
    }
    expect(send('/rest/V1/customers/me', { 'x-authmock-namespace': 'no/slashes' })).toBe(false);
    expect(served).toEqual([]);
  });

  it('answers a CORS preflight itself', () => {
    const preflight = setUp({ preflight: true });
    expect(preflight.send('/rest/V1/customers/me', { origin: 'http://app.example' }, 'OPTIONS')).toBe(true);
    expect(preflight.served).toEqual([]);
  });

  it('picks an API only on a whole path segment', () => {
    expect(pickApi(apis, '/rest')?.name).toBe('commerce');
    expect(pickApi(apis, '/rest/')?.name).toBe('commerce');
    expect(pickApi(apis, '/restx')).toBeUndefined();
  });

  it('asks the routes of every API that claims the same prefix, and falls back to the first', () => {
    expect(pickApi(apis, '/pets/1')?.name).toBe('pets');
    expect(pickApi(apis, '/pets/adopt')?.name).toBe('pets');
    expect(pickApi(apis, '/shelters/2')?.name).toBe('shelters');
    expect(pickApi(apis, '/pets-nothing')).toBeUndefined();
  });
});
