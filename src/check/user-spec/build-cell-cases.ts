import type { Operation } from '../../core/types.js';
import type { CallSpec, CheckCase, Expectation } from '../case-types.js';
import type { Exchange } from '../http-client.js';
import type { OperationModel } from '../spec-model.js';
import { makeCaseId } from '../cases/case-helpers.js';
import type { CredentialProvider } from './credential-need.js';
import type { CellPlan } from './plan-cells.js';
import type { SampledRequest } from './sample-request.js';
import type { RequestBudget } from './request-budget.js';
import { cookieHeader, noCredentials, putMalformed, putSecret } from './apply-credential.js';
import { readChallengeError } from './read-challenge.js';
import type { PrepareCell } from './cell-objects.js';

export interface CellInput {
  m: OperationModel;
  plans: readonly CellPlan[];
  request: SampledRequest;
  provider: CredentialProvider;
  budget: RequestBudget;
  /** why none of the operation's cells may run (a method not sent to this server) */
  unavailable?: string;
  /** what a cell that expects to get past authentication does first (cell-objects.ts) */
  prepare?: PrepareCell;
}

const EXPECTED_WORDS = { 401: '401', 403: '403', admitted: 'past authentication' } as const;

/** An operation's row of the matrix, as cases: each cell one request, with the credential of its class. */
export function buildCellCases(input: CellInput): CheckCase[] {
  const { m, plans } = input;
  return plans.map((plan) => {
    const expect: Expectation = {
      check: plan.expected === 'admitted' ? 'access_allowed' : 'access_denied',
      outcome: plan.expected,
      ...(plan.bearerError ? { inspect: bearerChallenge(plan.bearerError) } : {}),
    };
    const unavailable = input.unavailable ?? plan.unavailable;
    return {
      id: makeCaseId(m, 'permission', plan.key),
      api: m.api,
      operationId: m.op.operationId,
      title: `${plan.title} -> ${EXPECTED_WORDS[plan.expected]}`,
      category: 'permission',
      requires: [],
      tags: unavailable ? { unavailable } : {},
      matrix: {
        caller: plan.key,
        callerTitle: plan.title,
        expected: plan.expected,
        permission: m.op.required || 'open',
        column: plan.column,
      },
      run: async (ctx) => {
        if (plan.expected === 'admitted') await input.prepare?.();
        const call = await callOf(input, plan);
        input.budget.take();
        await ctx.call(call, expect);
      },
    } satisfies CheckCase;
  });
}

/** The operation's sampled request with the cell's credentials, and the owner's value in an owner-only parameter. */
async function callOf(input: CellInput, plan: CellPlan): Promise<CallSpec> {
  const { m, request, provider } = input;
  const sent = noCredentials();
  for (const part of plan.sends) {
    if ('malformed' in part) putMalformed(sent, part.malformed);
    else putSecret(sent, part.need.scheme, (await provider.produce(part.need)).secret);
  }
  const pathParams = { ...request.pathParams };
  const query = { ...request.query, ...sent.query };
  const owner = m.op.owner;
  if (owner && plan.ownerFrom) {
    const value = (await provider.produce(plan.ownerFrom)).owner?.(owner.claim);
    if (value !== undefined) placeParam(m.op, owner.param, value, pathParams, query);
  }
  const cookie = cookieHeader({ ...request.cookies, ...sent.cookies });
  return {
    api: m.api,
    operationId: m.op.operationId,
    pathParams,
    query,
    headers: { ...request.headers, ...sent.headers, ...(cookie ? { Cookie: cookie } : {}) },
    ...(request.body ? { body: request.body } : {}),
  };
}

function placeParam(op: Operation, name: string, value: string, path: Record<string, string>, query: Record<string, string>): void {
  const declared = op.params.find((p) => p.name === name && (p.in === 'path' || p.in === 'query'));
  if (declared?.in === 'query') query[name] = value;
  else path[name] = value;
}

/** RFC 6750 §3.1: a refused bearer gets a `Bearer` challenge naming the error. */
function bearerChallenge(error: 'invalid_token' | 'insufficient_scope'): NonNullable<Expectation['inspect']> {
  return {
    check: 'bearer_challenge',
    test: (ex: Exchange) => {
      const header = ex.headers.get('www-authenticate');
      const found = readChallengeError(header);
      if (found === error) return undefined;
      if (!header) return `expected WWW-Authenticate: Bearer error="${error}" (RFC 6750 §3), got no WWW-Authenticate header`;
      return `expected a Bearer challenge with error="${error}" (RFC 6750 §3.1), got WWW-Authenticate: ${header}`;
    },
  };
}
