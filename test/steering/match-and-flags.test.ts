import { describe, expect, it } from 'vitest';
import { toConfig, UsageError } from '../../src/cli/options.js';
import { API_MODULES } from '../../src/apis/index.js';
import { ACCOUNTS, customerToken, makeApp, ROOT, socialToken } from '../support/make-app.js';

const ME = '/rest/V1/customers/me';

describe('steering rules that match one caller', () => {
  it('answers only the given user id, after the token was checked', async () => {
    const t = makeApp();
    await t.http.post('/__authmock/steering').send({ operationId: 'getCurrentCustomer', status: 401, userId: 2, times: 3 }).expect(201);
    const roni = await customerToken(t);
    const john = await customerToken(t, ACCOUNTS.john);
    await t.http.get(ME).set('Authorization', `Bearer ${roni}`).expect(200);
    await t.http.get(ME).set('Authorization', `Bearer ${john}`).expect(401);
    const [rule] = (await t.http.get('/__authmock/steering').expect(200)).body;
    expect(rule).toMatchObject({ userId: '2', remaining: 2, used: 1 });
  });

  it('answers only the given token on the social API, and shows the rule with its prefix only', async () => {
    const t = makeApp();
    const token = await socialToken(t);
    const other = await socialToken(t);
    const added = await t.http.post('/__authmock/steering').send({ operationId: 'getProfile', status: 401, token }).expect(201);
    expect(added.body.token).toBe(`${token.slice(0, 6)}…`);
    await t.http.get('/socialapi/user/get/profile').set('Authorization', `Bearer ${other}`).expect(200);
    const steered = await t.http.get('/socialapi/user/get/profile').set('Authorization', `Bearer ${token}`).expect(401);
    expect(steered.body.status).toBe(false);
  });
});

describe('--journal-size and --latency', () => {
  const parse = (flags: Record<string, string>) => toConfig(ROOT, flags, API_MODULES, {});
  it('reads a size (0 turns the journal off) and a latency in milliseconds or a range', () => {
    expect(parse({}).journalSize).toBe(1000);
    expect(parse({ journalSize: '0' }).journalSize).toBe(0);
    expect(parse({ latency: '250' }).latency).toEqual({ min: 250, max: 250 });
    expect(parse({ latency: '100-400' }).latency).toEqual({ min: 100, max: 400 });
    expect(parse({}).latency).toBeUndefined();
  });
  it('refuses a negative size and a reversed or unreadable latency, naming the flag', () => {
    expect(() => parse({ journalSize: '-1' })).toThrow(UsageError);
    expect(() => parse({ latency: '400-100' })).toThrow(/--latency/);
    expect(() => parse({ latency: 'slow' })).toThrow(/--latency/);
  });
});

describe('--instance-name', () => {
  const parse = (flags: Record<string, string>) => toConfig(ROOT, flags, API_MODULES, {});
  it('names the instance in its journal entries, by default none (host:port then)', () => {
    expect(parse({}).instanceName).toBeUndefined();
    expect(parse({ instanceName: ' blue ' }).instanceName).toBe('blue');
  });
  it('refuses an empty or overlong name, naming the flag', () => {
    expect(() => parse({ instanceName: ' ' })).toThrow(/--instance-name/);
    expect(() => parse({ instanceName: 'x'.repeat(256) })).toThrow(UsageError);
  });
});
