import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel } from './lib/api-model.js';
import type { Answer } from './lib/answer.js';
import { AnswerChecker } from './lib/check-answer.js';
import { encodeRequest } from './lib/encode-request.js';
import type { FuzzRequest } from './lib/fuzz-request.js';
import { generateRequests } from './lib/run-fuzz.js';
import { listSecrets, loadAccounts } from './lib/load-accounts.js';

const ROOT = join(import.meta.dirname, '..', '..');
const models = { commerce: loadApiModel(ROOT, 'commerce'), social: loadApiModel(ROOT, 'social') };
const checker = new AnswerChecker(models, listSecrets(loadAccounts(ROOT)), { customer: 'roni_cost@example.com' });

const request = (over: Partial<FuzzRequest> = {}): FuzzRequest => ({
  api: 'commerce',
  operationId: 'getCurrentCustomer',
  method: 'GET',
  target: '/rest/V1/customers/me',
  headers: {},
  token: { kind: 'none' },
  placement: 'bearer',
  secrets: [],
  tags: [],
  ...over,
});
const answer = (status: number, body: unknown, type = 'application/json; charset=utf-8'): Answer => ({
  status,
  headers: { 'content-type': type },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  ms: 3,
});
const kinds = (req: FuzzRequest, a: Answer, token?: string) => checker.check(req, encodeRequest(req, token), token, a).map((f) => f.kind);

describe("the fuzzer's oracle", () => {
  it('accepts a documented error in JSON and in XML', () => {
    expect(
      kinds(request(), answer(401, { message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } })),
    ).toEqual([]);
    expect(
      kinds(request(), answer(401, '<?xml version="1.0"?><response><message>x</message></response>', 'application/xml; charset=utf-8')),
    ).toEqual([]);
  });

  it('flags a server error, a body off its schema and an undeclared success', () => {
    expect(kinds(request(), answer(500, { message: 'Internal Error.' }))).toContain('server-error');
    expect(kinds(request(), answer(400, { error: 'no message field' }))).toEqual(['off-spec']);
    expect(
      kinds(
        request({ token: { kind: 'valid', principal: 'customer' } }),
        answer(201, { email: 'roni_cost@example.com', firstname: 'a', lastname: 'b' }),
        'x',
      ),
    ).toEqual(['off-spec']);
    expect(
      kinds(request({ api: 'social', operationId: 'login', target: '/socialapi/auth/post/login' }), answer(401, { message: 'no status' })),
    ).toEqual(['off-spec']);
  });

  it('flags an XML answer whose root is not <response>', () => {
    expect(kinds(request(), answer(401, '<error><message>x</message></error>', 'application/xml'))).toEqual(['off-spec']);
  });

  it('flags a password, a client secret or the token sent coming back', () => {
    expect(kinds(request({ secrets: ['fuzz-pw-abcdefgh'] }), answer(400, { message: 'bad value fuzz-pw-abcdefgh' }))).toEqual([
      'secret-echoed',
    ]);
    expect(kinds(request(), answer(400, { message: 'demo-mobile-secret' }))).toEqual(['secret-echoed']);
    expect(
      kinds(
        request({ token: { kind: 'garbage', value: 'q0u66k8h42yaevtchv09uyy3y9gaj2ap' } }),
        answer(401, { message: 'bad token q0u66k8h42yaevtchv09uyy3y9gaj2ap' }),
        'q0u66k8h42yaevtchv09uyy3y9gaj2ap',
      ),
    ).toEqual(['secret-echoed']);
  });

  it('flags a protected operation answering 2xx to no token, a revoked one or the wrong principal', () => {
    const customer = { email: 'roni_cost@example.com', firstname: 'Veronica', lastname: 'Costello' };
    expect(kinds(request({ token: { kind: 'valid', principal: 'customer' } }), answer(200, customer), 'x')).toEqual([]);
    expect(kinds(request({ token: { kind: 'revoked', api: 'commerce' } }), answer(200, customer), 'x')).toEqual(['access']);
    expect(kinds(request({ token: { kind: 'valid', principal: 'socialUser' } }), answer(200, customer), 'x')).toEqual(['access']);
    expect(
      kinds(
        request({ token: { kind: 'valid', principal: 'customer' } }),
        answer(200, { ...customer, email: 'john.smith@example.com' }),
        'x',
      ),
    ).toEqual(['access']);
  });

  it('judges a request by the operation its path names, as when a customer id of "me" reaches /customers/me', () => {
    const customer = { email: 'roni_cost@example.com', firstname: 'Veronica', lastname: 'Costello' };
    const byId = request({
      operationId: 'getCustomerById',
      target: '/rest/V1/customers/me',
      token: { kind: 'valid', principal: 'customer' },
    });
    expect(kinds(byId, answer(200, customer), 'x')).toEqual([]);
    expect(kinds({ ...byId, target: '/rest/V1/customers/1' }, answer(200, customer), 'x')).toEqual(['access']);
  });

  it('flags a commerce answer in another format than a plain Accept asks for', () => {
    expect(kinds(request({ headers: { Accept: 'application/xml' } }), answer(401, { message: 'x' }))).toEqual(['off-spec']);
  });

  it('flags an answer slower than 2 s and a dropped connection', () => {
    expect(kinds(request(), { ...answer(401, { message: 'x' }), ms: 2500 })).toEqual(['slow']);
    expect(kinds(request(), { ...answer(0, ''), error: 'socket hang up' })).toEqual(['no-answer']);
  });
});

describe("the fuzzer's generator", () => {
  it('gives the same requests for the same seed, and others for another', () => {
    const a = generateRequests(models.social, ROOT, 7, 50);
    expect(generateRequests(models.social, ROOT, 7, 50)).toEqual(a);
    expect(generateRequests(models.social, ROOT, 8, 50)).not.toEqual(a);
    expect(generateRequests(models.social, ROOT, 7, 10)).toEqual(a.slice(0, 10));
  });

  it('covers every operation and every declared request content type within 1,000 requests', () => {
    for (const model of Object.values(models)) {
      const reqs = generateRequests(model, ROOT, 1, 1000);
      for (const op of model.operations) {
        const mine = reqs.filter((r) => r.operationId === op.operationId);
        expect(mine.length, op.operationId).toBeGreaterThan(50);
        for (const type of op.requestBody?.media.keys() ?? [])
          expect(
            mine.some((r) => r.body?.contentType === type),
            `${op.operationId} ${type}`,
          ).toBe(true);
      }
    }
  });
});
