import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { defaultConfig } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { createApp } from '../../src/http/create-app.js';
import { lazyApp } from '../support/lazy-app.js';
import { createLogger } from '../../src/log/create-logger.js';
import { makeApp, ROOT } from '../support/make-app.js';

describe('the inspector page and the event stream', () => {
  it('serves the page with no external reference, also under a namespace prefix', async () => {
    const t = makeApp();
    const page = await t.http
      .get('/__authmock/ui')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(page.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    expect(page.text).toContain('<option value="getCurrentCustomer">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    await t.http.get('/__ns/worker-1/__authmock/ui').expect(200);
    expect(Buffer.byteLength(page.text)).toBeLessThan(40_000);
  });

  it('requires the control key off loopback, as a header or a key query field', async () => {
    const config = { ...defaultConfig(ROOT), state: 'memory', logLevel: 'silent', cacheDir: undefined };
    const runtime = createRuntime({ config, store: new MemoryStore(), log: createLogger('silent') });
    const http = request(lazyApp(runtime.then((r) => createApp(r, { controlKey: 'the-key' }))));
    await http.get('/__authmock/ui').expect(401);
    await http.get('/__authmock/ui?key=wrong').expect(401);
    await http.get('/__authmock/ui?key=the-key').expect(200);
    await http.get('/__authmock/ui').set('X-Authmock-Key', 'the-key').expect(200);
    await http.get('/__authmock/requests/stream').expect(401);
    await http.get('/__authmock/requests').expect(401);
    await http.get('/__authmock/requests').set('X-Authmock-Key', 'the-key').expect(200);
  });
});
