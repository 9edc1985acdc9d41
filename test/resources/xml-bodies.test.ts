import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const BOOKINGS = join(import.meta.dirname, 'specs', 'bookings.openapi.yaml');

describe('a create that takes XML (the Train Travel API)', () => {
  it("stores the root element's children as the object, typed as the schema says", async () => {
    const t = makeApp({ specs: [BOOKINGS] });
    await t.http.post('/__authmock/identities/bookings/users').send({ username: 'alice', password: 'alice-pass-1' }).expect(201);
    const alice = `Bearer ${(await t.http.post('/__authmock/tokens').send({ api: 'bookings', user: 'alice' }).expect(201)).body.token}`;
    const made = await t.http
      .post('/bookings')
      .set('Authorization', alice)
      .set('Content-Type', 'application/xml')
      .send('<?xml version="1.0"?><booking><passenger_name>Jo</passenger_name><seats>2</seats><has_bicycle>true</has_bicycle></booking>')
      .expect(201);
    expect(made.body).toEqual({ id: made.body.id, passenger_name: 'Jo', seats: 2, has_bicycle: true });
    await t.http.get(`/bookings/${made.body.id}`).set('Authorization', alice).expect(200, made.body);
  });
});
