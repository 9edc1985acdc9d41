import type { Operation } from '../core/types.js';
import type { ServedApi } from '../pipeline/served-api.js';
import type { RedisContext } from '../store/redis/redis-context.js';
import type { Journal } from '../journal/journal.js';
import type { SteeringRules } from '../steering/steering-rules.js';
import { MemoryJournal } from '../journal/memory-journal.js';
import { RedisJournal } from '../journal/redis-journal.js';
import { MemorySteeringRules } from '../steering/memory-steering-rules.js';
import { RedisSteeringRules } from '../steering/redis-steering-rules.js';
import { declaredKey, examplesOf, type ExamplesOf } from '../steering/find-examples.js';

/** The journal and the steering rules of one app, and what their handlers need of the APIs. */
export interface Inspection {
  readonly journal: Journal;
  readonly rules: SteeringRules;
  readonly examplesOf: ExamplesOf;
  /** every mocked API's operations */
  readonly operations: readonly Operation[];
  readonly apis: readonly ServedApi[];
  /** forgets a namespace's entries and rules (the control API's reset), on every instance that shares them */
  clear(ns: string): Promise<void>;
  /** stops what follows the journal */
  close(): Promise<void>;
}

export interface InspectionOptions {
  apis: readonly ServedApi[];
  /** entries the journal keeps per namespace; 0: off */
  journalSize: number;
  /** the state's Redis connection: then the journal and the rules are kept in Redis, shared by every instance */
  redis?: RedisContext;
  /** the journal and rules of the app this one replaces (--watch reloads keep them) */
  keep?: Pick<Inspection, 'journal' | 'rules'>;
}

export function createInspection({ apis, journalSize, redis, keep }: InspectionOptions): Inspection {
  const redaction = {
    tokenShapes: apis.map((a) => a.tokens.shape),
    // a spec's API keys are secrets whatever their parameter is called (tokens and signatures sent as an apiKey are masked as such)
    secretNames: apis.flatMap((a) =>
      [...a.model.schemes.values()].flatMap((s) => (s.type === 'apiKey' && s.verifier === undefined ? [s.param] : [])),
    ),
  };
  const journal =
    keep?.journal ??
    (redis && journalSize > 0 ? new RedisJournal({ redis, size: journalSize, redaction }) : new MemoryJournal(journalSize, redaction));
  const rules = keep?.rules ?? (redis ? new RedisSteeringRules({ redis }) : new MemorySteeringRules());
  // a status the spec shows no example for answers a body made from its schema, as an operation does
  const answersOf: ExamplesOf = (op, status) => {
    const found = examplesOf(op, status);
    if (found?.first !== undefined) return found;
    const key = declaredKey(op, status);
    const media = key ? op.responses.get(key)!.schemaAt : undefined;
    const type = media?.has('application/json') ? 'application/json' : media?.keys().next().value;
    const sample = key && type ? apis.find((a) => a.name === op.api)?.sample(op, key, type) : undefined;
    return sample === undefined ? found : { first: sample, named: found?.named ?? {} };
  };
  return {
    journal,
    rules,
    examplesOf: answersOf,
    operations: apis.flatMap((a) => a.model.operations),
    apis,
    async clear(ns) {
      await Promise.all([journal.clear({ ns }), rules.clear({ ns })]);
    },
    close: () => journal.close(),
  };
}
