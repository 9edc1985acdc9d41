import type { Operation } from '../core/types.js';
import type { components } from '../generated/control.js';
import type { ExamplesOf } from './find-examples.js';
import type { SteeringRule } from './steering-rules.js';

/** What a client posts to /__authmock/steering: the control spec's SteeringRuleInput. */
export type RuleInput = components['schemas']['SteeringRuleInput'];

/** A rule that cannot be made, with the reason for the caller (answered as a 4xx). */
export class RuleError extends Error {
  override name = 'RuleError';
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}

/**
 * Checks a rule against the spec before it exists: the operation is served, the status is
 * one it declares, and the answer (a given body, a named example or the status's example)
 * validates against the schema for that status. An off-spec rule is refused, never stored.
 */
export function buildRule(
  input: RuleInput,
  operations: readonly Operation[],
  examplesOf: ExamplesOf,
  now: number,
): Omit<SteeringRule, 'id' | 'used'> {
  const candidates = operations.filter((o) => o.operationId === input.operationId && (input.api === undefined || o.api === input.api));
  if (candidates.length === 0) throw new RuleError(`no operation ${input.operationId}${input.api ? ` in ${input.api}` : ''}`, true);
  if (candidates.length > 1)
    throw new RuleError(`${input.operationId} is served by ${candidates.map((o) => o.api).join(' and ')}: say which with "api"`);
  const op = candidates[0];
  if (input.status === undefined && input.delayMs === undefined && input.fault === undefined) {
    throw new RuleError('a rule needs a status, a delayMs or a fault');
  }
  if (input.status === undefined && (input.body !== undefined || input.example !== undefined))
    throw new RuleError('a body or an example needs a status');
  if (input.bypassAuth && input.status === undefined) throw new RuleError('bypassAuth needs a status');
  const rule: Omit<SteeringRule, 'id' | 'used'> = {
    api: op.api,
    operationId: op.operationId,
    bypassAuth: input.bypassAuth === true,
    createdAt: now,
  };
  if (input.username !== undefined) rule.username = input.username;
  if (input.userId !== undefined) rule.userId = String(input.userId);
  if (input.token !== undefined) rule.token = input.token;
  if (input.times !== undefined) rule.remaining = input.times;
  else if (input.probability === undefined) rule.remaining = 1;
  if (input.probability !== undefined) rule.probability = input.probability;
  if (input.ttlSeconds !== undefined) rule.expiresAt = now + input.ttlSeconds * 1000;
  if (input.fault !== undefined) rule.fault = input.fault;
  if (input.delayMs !== undefined) {
    const d = typeof input.delayMs === 'number' ? { min: input.delayMs, max: input.delayMs } : input.delayMs;
    if (d.max < d.min) throw new RuleError(`delayMs: max ${d.max} is below min ${d.min}`);
    rule.delay = d;
  }
  if (input.status !== undefined) {
    rule.status = input.status;
    rule.body = pickAnswer(op, input, examplesOf);
    if (input.example !== undefined) rule.example = input.example;
  }
  return rule;
}

function pickAnswer(op: Operation, input: RuleInput, examplesOf: ExamplesOf): unknown {
  const status = input.status!;
  const media = op.responses.get(String(status)) ?? op.responses.get('default');
  const declared = [...op.responses.keys()].join(', ');
  if (!media) throw new RuleError(`${op.operationId} declares no ${status} answer (it declares ${declared})`);
  const examples = examplesOf(op, status);
  let body = input.body;
  if (body === undefined && input.example !== undefined) {
    body = examples?.named[input.example];
    if (body === undefined) {
      const names = Object.keys(examples?.named ?? {});
      throw new RuleError(
        `${op.operationId} has no example ${input.example} for ${status}${names.length ? ` (it has ${names.join(', ')})` : ''}`,
      );
    }
  }
  if (body === undefined) body = examples?.first;
  const validate = media.byType.get('application/json') ?? [...media.byType.values()][0];
  if (body === undefined) {
    if (!validate) return undefined;
    throw new RuleError(`${op.operationId} has no example for ${status}: give a body`);
  }
  if (validate && !validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `body${e.instancePath} ${e.message}`);
    throw new RuleError(`the body does not match the spec's schema for ${op.operationId} ${status}: ${errors.join('; ')}`);
  }
  return body;
}
