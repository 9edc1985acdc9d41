import { isAbsolute, join } from 'node:path';
import type { Runtime } from '../runtime/create-runtime.js';
import type { Operation } from '../core/types.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import { MemoryJournal } from './memory-journal.js';
import type { Journal } from './journal.js';
import { SteeringRules } from '../steering/steering-rules.js';
import { createExampleIndex, type ExamplesOf } from '../steering/find-examples.js';

/** The journal and the steering rules of one app, and what their handlers need of the APIs. */
export interface Inspection {
  readonly journal: Journal;
  readonly rules: SteeringRules;
  readonly examplesOf: ExamplesOf;
  /** every mocked API's operations */
  readonly operations: readonly Operation[];
  readonly apis: readonly ApiRuntime[];
  /** forgets a namespace's entries and rules (the control API's reset) */
  clear(ns: string): void;
}

export function createInspection(runtime: Runtime, journalSize: number): Inspection {
  const { config } = runtime.services;
  const journal = new MemoryJournal(journalSize, { tokenShapes: runtime.apis.map((a) => a.tokens.shape) });
  const rules = new SteeringRules();
  const examplesOf = createExampleIndex((api) => {
    const file = runtime.modules.find((m) => m.name === api)?.specFile;
    return file && (isAbsolute(file) ? file : join(config.specsDir, file));
  });
  return {
    journal,
    rules,
    examplesOf,
    operations: runtime.apis.flatMap((a) => a.operations),
    apis: runtime.apis,
    clear(ns) {
      journal.clear(ns);
      rules.clear(ns);
    },
  };
}
