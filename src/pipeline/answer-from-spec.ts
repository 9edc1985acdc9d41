import type { HandlerResult, Operation } from '../core/types.js';
import type { SampleOf } from '../spec/samples.js';

/**
 * The answer of an operation without a handler: its lowest 2xx example, else a body made
 * from the lowest 2xx response's schema (JSON first), else that status with no body.
 */
export function answerFromSpec(op: Operation, sample: SampleOf): HandlerResult {
  if (op.example) return { status: op.example.status, body: structuredClone(op.example.body) };
  const statuses = [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort();
  for (const status of statuses) {
    const media = op.responses.get(status)!;
    const type = media.schemaAt.has('application/json') ? 'application/json' : media.schemaAt.keys().next().value;
    if (type === undefined) continue;
    return { status: Number(status), body: structuredClone(sample(op, status, type)) };
  }
  return { status: statuses.length ? Number(statuses[0]) : 200, body: undefined };
}
