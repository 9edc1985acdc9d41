import type { Operation } from '../../core/types.js';
import { createPathResolver } from '../../apis/oauth-server/resolve-path.js';
import type { CheckCase } from '../case-types.js';
import type { UserSpec } from './load-user-specs.js';
import { SAFE_METHODS } from './select-operations.js';
import type { RequestBudget } from './request-budget.js';
import type { Connected } from './connect-target.js';
import { planCells } from './plan-cells.js';
import { sampleRequest } from './sample-request.js';
import { buildCellCases } from './build-cell-cases.js';
import { buildObjectCases } from './object-cases.js';
import { cellObjects } from './cell-objects.js';

// The cases of `authmock check --spec`: each selected operation's row of the auth matrix and
// each collection's object-level cells, and the order they run in (run-spec-check.ts runs them).

/** Every selected operation's row of cells, in spec order. */
export function buildSpecCases(
  connected: Connected,
  selected: ReadonlyMap<string, readonly { operationId: string }[]>,
  o: { unsafe: boolean; target: string; budget: RequestBudget; leftovers: string[] },
): CheckCase[] {
  const matrix = connected.specs.flatMap(({ spec, provider }) => {
    const objects = connected.control && cellObjects(spec, connected.control);
    const flowEndpoint = flowEndpointOf(spec);
    return (selected.get(spec.name) ?? []).flatMap(({ operationId }) => {
      const m = spec.api.operations.find((x) => x.op.operationId === operationId)!;
      const unsafe = !connected.authmock && !o.unsafe && !SAFE_METHODS.includes(m.op.method);
      const request = sampleRequest(spec.model.spec, m.op, spec.model.schemes);
      // a request its schemas refuse would be judged on its values, not its credential: not sent
      const endpoint = flowEndpoint(m.op);
      const unavailable = endpoint
        ? `the spec's OAuth ${endpoint} endpoint (a flow URL of its security schemes): a client authenticates there in the request, which the auth matrix does not judge`
        : unsafe
          ? `${m.op.method} is not sent to ${o.target}, which is not authmock: it may change data (--unsafe sends it)`
          : request.invalid;
      const prepare = objects?.(m.op, request);
      return buildCellCases({
        m,
        plans: planCells(m.op, spec.model.schemes, (need) => provider.cannot(need), connected.authmock),
        request,
        provider,
        budget: o.budget,
        ...(unavailable ? { unavailable } : {}),
        ...(prepare ? { prepare } : {}),
      });
    });
  });
  return [...matrix, ...buildCollectionCases(connected, selected, o)];
}

/**
 * Which of the spec's OAuth endpoints an operation is, where its path is one of the flow URLs
 * its security schemes name (Box's `POST /oauth2/token`): what authmock's authorization
 * server answers there, as the resolver `serve` uses says; undefined for any other operation.
 */
function flowEndpointOf(spec: UserSpec): (op: Operation) => string | undefined {
  const resolver = createPathResolver([spec.model]);
  const mount = spec.model.mount === '/' ? '' : spec.model.mount;
  return (op) => {
    const path = op.path.split('#')[0]!;
    const found = resolver.resolve(`${mount}${path}`) ?? resolver.resolve(path);
    return found && !found.ns ? found.endpoint.slice(1) : undefined;
  };
}

/** The cells every operation gets before any gets more: no credential, the right one, one that lacks a scope. */
const FIRST_PASS = (caller: string) => caller === 'none' || caller === 'exact-scopes' || caller.startsWith('lacks-');

/**
 * The cases in two passes, each in spec order: every operation's first-pass cells, then
 * the rest (and the object-level cases), so that a --max-requests budget spent early
 * still leaves no operation unchecked.
 */
export function inPasses(cases: readonly CheckCase[]): CheckCase[] {
  const first = (c: CheckCase) => c.category === 'permission' && FIRST_PASS(c.matrix?.caller ?? '');
  return [...cases.filter(first), ...cases.filter((c) => !first(c))];
}

/** Every collection's object-level cells (OWASP API1), for collections whose create operation is selected. */
function buildCollectionCases(
  connected: Connected,
  selected: ReadonlyMap<string, readonly { operationId: string }[]>,
  o: { unsafe: boolean; target: string; budget: RequestBudget; leftovers: string[] },
): CheckCase[] {
  return connected.specs.flatMap(({ spec, provider }) => {
    const ids = new Set((selected.get(spec.name) ?? []).map((s) => s.operationId));
    return spec.collections
      .filter((served) => ids.has((served.collection.create ?? served.collection.read)?.operationId ?? ''))
      .flatMap((served) =>
        buildObjectCases({
          spec,
          served,
          provider,
          budget: o.budget,
          leftovers: o.leftovers,
          ...(!connected.authmock && !o.unsafe
            ? {
                unavailable: `object-level cases create and delete objects: not sent to ${o.target}, which is not authmock (--unsafe sends them)`,
              }
            : {}),
        }),
      );
  });
}
