import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { ApiRoute } from './serve-api.js';
import { createDispatch, pickApi } from './dispatch.js';

const apis = [
  { name: 'commerce', prefix: '/rest' },
  { name: 'social', prefix: '/socialapi' },
] as unknown as ApiRuntime[];

function setUp(opts: { preflight?: boolean; exclude?: (req: IncomingMessage) => boolean } = {}) {
  const served: ApiRoute[] = [];
  const dispatch = createDispatch({
    apis,
    timed: false,
    applyCors: () => opts.preflight === true,
    serveApi: async (_req, _res, route) => void served.push(route),
    exclude: opts.exclude,
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

  it('leaves what the exclusion names (the fixtures thumbnails) and answers a CORS preflight itself', () => {
    const excluded = setUp({ exclude: (req) => req.url!.startsWith('/socialapi/static/') });
    expect(excluded.send('/socialapi/static/thumbs/a.png')).toBe(false);
    const preflight = setUp({ preflight: true });
    expect(preflight.send('/rest/V1/customers/me', {}, 'OPTIONS')).toBe(true);
    expect(preflight.served).toEqual([]);
  });

  it('picks an API only on a whole path segment', () => {
    expect(pickApi(apis, '/rest')?.name).toBe('commerce');
    expect(pickApi(apis, '/rest/')?.name).toBe('commerce');
    expect(pickApi(apis, '/restx')).toBeUndefined();
  });
});
