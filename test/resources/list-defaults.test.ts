import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const ZONES = join(import.meta.dirname, 'specs', 'zones.openapi.yaml');

async function keyed() {
  const t = makeApp({ specs: [ZONES] });
  await t.http.post('/__authmock/identities/zones/users').send({ username: 'alice', password: 'alice-pass-1' }).expect(201);
  const { key } = (await t.http.post('/__authmock/identities/zones/api-keys').send({ user: 'alice' }).expect(201)).body as { key: string };
  const names = async (query: string) =>
    ((await t.http.get(`/zones${query}`).set('X-API-Key', key).expect(200)).body as { name: string }[]).map((z) => z.name);
  const make = (zone: object) => t.http.post('/zones').set('X-API-Key', key).send(zone).expect(201);
  return { names, make };
}

describe("a list's query parameters with declared defaults", () => {
  it('assumes a text default the request leaves out, but still lists an object made without that property', async () => {
    const { names, make } = await keyed();
    await make({ name: 'plain.example.' });
    await make({ name: 'native.example.', kind: 'Native' });
    await make({ name: 'master.example.', kind: 'Master' });
    // kind=Native assumed: the Master zone is left out, the zone that never said its kind is not
    expect(await names('')).toEqual(['plain.example.', 'native.example.']);
    // sent, a filter is strict
    expect(await names('?kind=Master')).toEqual(['master.example.']);
    expect(await names('?kind=Native')).toEqual(['native.example.']);
  });

  it('does not filter by a boolean default (PowerDNS: dnssec=true says what to include, not which zones)', async () => {
    const { names, make } = await keyed();
    await make({ name: 'signed.example.', dnssec: true });
    await make({ name: 'unsigned.example.', dnssec: false });
    await make({ name: 'unsaid.example.' });
    expect(await names('')).toEqual(['signed.example.', 'unsigned.example.', 'unsaid.example.']);
    expect(await names('?dnssec=false')).toEqual(['unsigned.example.']);
  });
});
