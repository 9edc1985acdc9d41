import type { Operation } from '../core/types.js';
import type { ServedApi } from '../pipeline/served-api.js';
import { MemoryJournal } from '../journal/memory-journal.js';
import type { Journal } from '../journal/journal.js';
import { SteeringRules } from '../steering/steering-rules.js';
import { declaredKey, examplesOf, type ExamplesOf } from '../steering/find-examples.js';

/** The journal and the steering rules of one app, and what their handlers need of the APIs. */
export interface Inspection {
  readonly journal: Journal;
  readonly rules: SteeringRules;
  readonly examplesOf: ExamplesOf;
  /** every mocked API's operations */
  readonly operations: readonly Operation[];
  readonly apis: readonly ServedApi[];
  /** forgets a namespace's entries and rules (the control API's reset) */
  clear(ns: string): void;
}

/** `keep`: the journal and rules of the app this one replaces (--watch reloads keep them). */
export function createInspection(
  apis: readonly ServedApi[],
  journalSize: number,
  keep?: Pick<Inspection, 'journal' | 'rules'>,
): Inspection {
  const journal = keep?.journal ?? new MemoryJournal(journalSize, { tokenShapes: apis.map((a) => a.tokens.shape) });
  const rules = keep?.rules ?? new SteeringRules();
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
    clear(ns) {
      journal.clear(ns);
      rules.clear(ns);
    },
  };
}
