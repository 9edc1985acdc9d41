import type { Operation } from '../../core/types.js';
import type { ServedCollection } from '../../pipeline/served-api.js';
import type { CallSpec, CaseContext, CheckCase, Expectation, MatrixCell } from '../case-types.js';
import type { Exchange } from '../http-client.js';
import type { RequestBudget } from './request-budget.js';
import { answerShape, bodyObject, inEnvelope } from '../../apis/spec-api/resources/answer-shape.js';
import { SkipCase } from '../run-cases.js';
import { cookieHeader, noCredentials, putSecret } from './apply-credential.js';
import { sampleRequest } from './sample-request.js';
import { needOf, opsOf, ownIdOf, schemeOf, type CollectionCallers, type Who } from './object-callers.js';
import { freshId, inList, listQuery, parse, replaceBody, sameAsSent, wrapBody } from './object-bodies.js';

export interface ObjectCaseInput extends CollectionCallers {
  budget: RequestBudget;
  /** why none of the collection's cases may run (writes are not sent to a server that is not authmock) */
  unavailable?: string;
  /** where the objects the check makes and the spec gives no way to delete are named, for the report */
  leftovers?: string[];
}

/** What the cells share: A's object, what A sent, and whether B's delete took it away. */
interface CellState {
  sent?: ObjectMap;
  /** A's object as the create answered it (what the server filled in too) */
  stored?: ObjectMap;
  made?: Promise<string>;
  deletedByB?: boolean;
}
type ObjectMap = Record<string, unknown>;

/** The columns of the object-level matrix, in order. */
const CELLS = [
  { key: 'a-reads-back', title: 'A creates and reads back' },
  { key: 'b-reads', title: "B reads A's object" },
  { key: 'b-lists', title: "B's list" },
  { key: 'anonymous', title: 'no credential' },
  { key: 'b-writes', title: "B changes A's object" },
  { key: 'b-deletes', title: "B deletes A's object" },
  { key: 'a-deletes', title: 'A deletes, then reads' },
] as const;
type CellKey = (typeof CELLS)[number]['key'];

/** 403 or 404: a refusal that says nothing of the object, or that it is not the caller's. */
const REFUSED: Expectation['outcome'] = 'hidden';

/**
 * Object-level authorization (OWASP API1) of one collection, with the owner rule the server
 * uses (src/auth/owner-rule.ts): A creates an object and reads it back; B, who holds the
 * same scopes, may not read, change, delete or list it (a `shared-read` collection lets B
 * read); no credential gets 401; A deletes it and it is gone. The cells share A's object,
 * made by the first and deleted by the last.
 */
export function buildObjectCases(input: ObjectCaseInput): CheckCase[] {
  const { spec, served } = input;
  const c = served.collection;
  const visibility = served.policy.visibility;
  const state: CellState = {};
  const why = whyNot(input);
  const expectations = expectationsOf(visibility, c);
  const op0 = c.create ?? c.read!;
  return CELLS.filter((cell) => applies(cell.key, input)).map((cell, column) => {
    const expected = expectations[cell.key];
    const matrix: MatrixCell = {
      caller: cell.key,
      callerTitle: cell.title,
      expected: expected ?? 'success',
      permission: `${c.name} (${visibility})`,
      column,
    };
    return {
      id: `${spec.name}.${c.name}.object-level.${cell.key}`.replace(/[^A-Za-z0-9_.-]+/g, '-').toLowerCase(),
      api: spec.name,
      operationId: op0.operationId,
      title: `${c.name}: ${cell.title} -> ${words(expected)}`,
      category: 'object-level',
      requires: [],
      tags: why ? { unavailable: why } : expected === undefined ? { unavailable: `not tested for a ${visibility} collection` } : {},
      matrix,
      run: (ctx) => runCell(cell.key, ctx, input, state, expected!),
    } satisfies CheckCase;
  });
}

/**
 * What each cell expects of B by the collection's visibility; an operation with an owner rule
 * of its own (an identity file's `owner:`, a user record's) refuses B whatever the visibility.
 */
function expectationsOf(visibility: string, c: ServedCollection['collection']): Record<CellKey, Expectation['outcome'] | undefined> {
  const refused = visibility === 'shared' ? undefined : REFUSED;
  const owned = (ops: (Operation | undefined)[]) => ops.some((op) => op) && ops.every((op) => !op || op.owner);
  return {
    'a-reads-back': 'success',
    'b-reads': owned([c.read]) ? REFUSED : visibility === 'private' ? REFUSED : visibility === 'shared-read' ? 'success' : undefined,
    'b-lists': visibility === 'private' ? 'success' : undefined,
    anonymous: 401,
    'b-writes': owned([c.replace, c.patch]) ? REFUSED : refused,
    'b-deletes': owned([c.remove]) ? REFUSED : refused,
    'a-deletes': 'success',
  };
}

function applies(key: CellKey, { served }: ObjectCaseInput): boolean {
  const c = served.collection;
  if (key === 'b-lists') return c.lists.length > 0;
  if (key === 'b-writes') return !!(c.replace ?? c.patch);
  if (key === 'b-deletes' || key === 'a-deletes') return !!c.remove;
  if (key === 'anonymous') return !!c.read && c.read.security.length > 0 && !c.read.security.some((r) => r.length === 0);
  return true;
}

function whyNot(input: ObjectCaseInput): string | undefined {
  const { served, unavailable, spec, provider } = input;
  const c = served.collection;
  if (unavailable) return unavailable;
  if (!c.create) return `${c.name} has no create operation: the checker cannot make an object of its own`;
  if (!c.read) return `${c.name} has no read operation to look an object up by id`;
  for (const op of opsOf(input)) {
    const invalid = sampleRequest(spec.model.spec, op, spec.model.schemes).invalid;
    if (invalid) return `${op.operationId}: ${invalid}`;
  }
  if (c.read.security.length === 0) return undefined;
  const scheme = schemeOf(spec, c.read, opsOf(input));
  if (!scheme) return `${c.name}: no security scheme of ${c.read.operationId} whose credential the checker can send alone`;
  // two users, A and B, each with every scope the collection asks for (a credentials file may name fewer)
  for (const who of ['A', 'B'] as const) {
    const lacking = provider.cannot(needOf(input, scheme, who));
    if (lacking) return `object-level cases need two users, A and B: ${lacking}`;
  }
  return undefined;
}

async function runCell(
  key: CellKey,
  ctx: CaseContext,
  input: ObjectCaseInput,
  state: CellState,
  expected: Expectation['outcome'],
): Promise<void> {
  const c = input.served.collection;
  if (key === 'a-reads-back') {
    state.made ??= create(ctx, input, state);
    const id = await state.made;
    const ex = await call(
      ctx,
      input,
      c.read!,
      'A',
      { id, label: `A reads back ${c.name} ${id}` },
      expectation('object_read_back', 'success'),
    );
    if (ex && ex.status < 300) ctx.record('object_equal', c.read!.operationId, sameAsSent(input, state.sent ?? {}, ex));
    return;
  }
  const id = await (state.made ?? Promise.reject(new SkipCase(`A could not create ${c.name}: its cell says why`))).catch(() => {
    throw new SkipCase(`A's ${c.name} was not created: the first cell says why`);
  });
  const what = `A's ${c.name} ${id}`;
  const finding = (verb: string) => (outcome: Expectation['outcome']) =>
    expectation(`object_${verb}`, outcome, outcome === 'success' ? undefined : `B ${verb} ${what}`);
  switch (key) {
    case 'b-reads':
      await call(ctx, input, c.read!, 'B', { id, label: `B reads ${what}` }, finding('read')(expected));
      return;
    case 'anonymous':
      await call(ctx, input, c.read!, undefined, { id, label: `no credential reads ${what}` }, expectation('object_anonymous', 401));
      return;
    case 'b-lists': {
      const list = c.lists[0]!;
      const { query, asksForA } = listQuery(input, list, { ...state.sent, ...state.stored });
      const b = await call(ctx, input, list, 'B', { label: `B lists ${c.name}`, query }, expectation('list_answered', 'success'));
      if (b && b.status < 300)
        ctx.record('object_hidden_from_list', list.operationId, inList(input, list, b, id) ? `B's list holds ${what}` : undefined);
      const a = await call(ctx, input, list, 'A', { label: `A lists ${c.name}`, query }, expectation('list_answered', 'success'));
      // a list whose required filter A's object cannot meet (Box's `?status=pending`) need not hold it
      if (a && a.status < 300 && asksForA)
        ctx.record('object_in_owner_list', list.operationId, inList(input, list, a, id) ? undefined : `A's list lacks ${what}`);
      return;
    }
    case 'b-writes':
      for (const op of [c.replace, c.patch]) {
        if (!op) continue;
        const body = op === c.replace ? replaceBody(input, op, state.sent ?? {}) : undefined;
        await call(
          ctx,
          input,
          op,
          'B',
          { id, body, label: `B ${op === c.replace ? 'replaces' : 'patches'} ${what}` },
          finding('changed')(expected),
        );
      }
      return;
    case 'b-deletes': {
      const ex = await call(ctx, input, c.remove!, 'B', { id, label: `B deletes ${what}` }, finding('deleted')(expected));
      state.deletedByB = !!ex && ex.status < 300;
      return;
    }
    case 'a-deletes':
      // B's delete went through: A's delete would only repeat that finding
      if (state.deletedByB) throw new SkipCase(`B deleted ${what} before A could: the b-deletes cell says so`);
      await call(ctx, input, c.remove!, 'A', { id, label: `A deletes ${what}` }, expectation('object_deleted', 'success'));
      await call(ctx, input, c.read!, 'A', { id, label: `A reads ${what} after deleting it` }, expectation('object_gone', 404));
      return;
  }
}

/** A creates the object (a body from the spec's examples, else its schema): the id its answer names. */
async function create(ctx: CaseContext, input: ObjectCaseInput, state: CellState): Promise<string> {
  const c = input.served.collection;
  const op = c.create!;
  const sampled = sampleRequest(input.spec.model.spec, op, input.spec.model.schemes);
  const sampledBody = sampled.bodyValue ?? {};
  state.sent = bodyObject(input.spec.model.spec.doc, op, sampledBody);
  const owned = await ownIdOf(input);
  if (owned !== undefined) state.sent[c.idProperty] = owned;
  const body = owned !== undefined ? wrapBody(input, op, sampledBody, state.sent) : freshId(input, op, sampledBody, state.sent);
  const shape = answerShape(input.spec.model.spec.doc, op, 201);
  // nothing to learn A's object's id from (OpenAPI's own Petstore example: a create with no body answered 201 with none)
  if (!shape.hasBody && !shape.location && state.sent[c.idProperty] === undefined)
    throw new SkipCase(`${op.operationId} sends no id and answers no body and no Location: the checker cannot learn which object A made`);
  const ex = await call(ctx, input, op, 'A', { label: `A creates ${c.name}`, body }, expectation('object_created', 'success'));
  if (!ex || ex.status >= 300) throw new SkipCase(`A could not create ${c.name}`);
  const answered = parse(ex.text);
  const inner = inEnvelope(answered, shape.envelope);
  // the answer's id, else its Location's, else the one A sent
  const id = inner?.[c.idProperty] ?? ex.headers.get('location')?.split('/').pop() ?? state.sent[c.idProperty];
  if (id === undefined || id === null || typeof id === 'object') {
    ctx.record('object_id', op.operationId, `the answer names no ${c.idProperty} and no Location`);
    throw new SkipCase('no id');
  }
  if (!c.remove) input.leftovers?.push(`${input.spec.name} ${c.name} ${String(id)}`);
  state.stored = inner;
  return String(id);
}

interface CallParts {
  id?: string;
  label: string;
  body?: CallSpec['body'];
  /** query parameters in place of the sampled ones */
  query?: Record<string, string>;
}

/** One request of the collection's, as A, B or no one, with the parent's and the item's path parameters filled in. */
async function call(
  ctx: CaseContext,
  input: ObjectCaseInput,
  op: Operation,
  who: Who | undefined,
  parts: CallParts,
  expect: Expectation,
): Promise<Exchange | undefined> {
  const c = input.served.collection;
  const request = sampleRequest(input.spec.model.spec, op, input.spec.model.schemes);
  const sent = noCredentials();
  const scheme = who && schemeOf(input.spec, op, opsOf(input));
  // an open operation (the spec's security is empty) is called without a credential
  if (who && scheme) putSecret(sent, scheme, (await input.provider.produce(needOf(input, scheme, who))).secret);
  const pathParams: Record<string, string> = { ...request.pathParams };
  if (parts.id !== undefined && c.itemParam !== undefined && op.params.some((p) => p.in === 'path' && p.name === c.itemParam))
    pathParams[c.itemParam] = parts.id;
  const cookie = cookieHeader({ ...request.cookies, ...sent.cookies });
  const body = parts.body ?? request.body;
  input.budget.take();
  return ctx.call(
    {
      api: input.spec.name,
      operationId: op.operationId,
      label: parts.label,
      pathParams,
      query: { ...request.query, ...parts.query, ...sent.query },
      headers: { ...request.headers, ...sent.headers, ...(cookie ? { Cookie: cookie } : {}) },
      ...(body ? { body } : {}),
    },
    expect,
  );
}

function expectation(check: string, outcome: Expectation['outcome'], finding?: string): Expectation {
  return { check, outcome, ...(finding ? { finding } : {}) };
}

function words(outcome: Expectation['outcome'] | undefined): string {
  if (outcome === undefined) return 'not tested';
  if (outcome === 'hidden') return '403 or 404';
  return outcome === 'success' ? '2xx' : String(outcome);
}
