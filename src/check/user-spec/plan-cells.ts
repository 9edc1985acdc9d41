import type { Operation, SecurityRequirement, SecurityScheme } from '../../core/types.js';
import type { CredentialNeed, CredentialProvider } from './credential-need.js';
import { isBearerScheme, passesFor, secretKind, slotOf } from './credential-need.js';

/** One part of what a cell sends: a credential to produce, or a malformed one for a scheme. */
export type SentPart = { need: CredentialNeed } | { malformed: SecurityScheme };

/** One cell of an operation's row in the matrix: a class of credential and what it must get. */
export interface CellPlan {
  /** the column: none, malformed, other-scheme, expired, revoked, lacks-<scope>, exact-scopes, other-user */
  key: string;
  title: string;
  /** the column's place in the grid */
  column: number;
  /** 401, 403, or anything but those (past authentication and authorization) */
  expected: 401 | 403 | 'admitted';
  sends: SentPart[];
  /** owner-only operations: the owner parameter takes the value this need's user owns */
  ownerFrom?: CredentialNeed;
  /** the error the Bearer challenge must carry (RFC 6750 §3.1), where a bearer the operation accepts was sent */
  bearerError?: 'invalid_token' | 'insufficient_scope';
  /** why the cell cannot be run */
  unavailable?: string;
}

type Cannot = CredentialProvider['cannot'];

const COLUMNS = ['none', 'malformed', 'other-scheme', 'expired', 'revoked', 'lacks', 'exact-scopes', 'other-user'];
const column = (key: string) => COLUMNS.indexOf(key.startsWith('lacks-') ? 'lacks' : key);

/**
 * The cells an operation's security requirements imply. An operation that needs
 * credentials: none, malformed, a valid one of another scheme only, expired and revoked
 * get 401; one that lacks a required scope, and another user's on an owner-only
 * operation, 403; one with exactly the required scopes gets past both. An optional
 * (`{}`) or open operation must take no credential; an optional one also a valid one.
 */
export function planCells(
  op: Operation,
  schemes: ReadonlyMap<string, SecurityScheme>,
  cannot: Cannot,
  /** the target holds each token to the scheme it was issued for (authmock: passesFor) */
  schemeBound = false,
): CellPlan[] {
  const reqs = op.security.filter((r) => r.length > 0).map((r) => resolve(r, schemes));
  const none = cell('none', 'no credential', 401, []);
  if (op.security.length === 0 || reqs.length < op.security.length) {
    const cells = [{ ...none, expected: 'admitted' as const }];
    if (reqs.length) cells.push({ ...exactCell(reqs, cannot, undefined), expected: 'admitted' });
    return cells;
  }
  const owner = op.owner ? ('owner' as const) : undefined;
  const cells = [none, malformedCell(reqs), otherSchemeCell(reqs, schemes, cannot, schemeBound), lapsedCell('expired', reqs, cannot)];
  cells.push(lapsedCell('revoked', reqs, cannot), ...lacksCells(reqs, cannot, owner), exactCell(reqs, cannot, owner));
  if (owner) cells.push(otherUserCell(reqs, cannot));
  return cells;
}

type Entry = { scheme: SecurityScheme; scopes: readonly string[] };

function resolve(req: SecurityRequirement, schemes: ReadonlyMap<string, SecurityScheme>): Entry[] {
  // A scheme the spec does not declare can never be met: the checker cannot send it either.
  return req.map((e) => ({
    scheme: schemes.get(e.scheme) ?? { name: e.scheme, type: 'unsupported', declared: 'undeclared' },
    scopes: e.scopes,
  }));
}

function cell(key: string, title: string, expected: CellPlan['expected'], sends: SentPart[], extra: Partial<CellPlan> = {}): CellPlan {
  return { key, title, column: column(key), expected, sends, ...extra };
}

const live = (e: Entry, user?: CredentialNeed['user'], holds = e.scopes, lacks: readonly string[] = []): CredentialNeed => ({
  scheme: e.scheme,
  state: 'live',
  holds,
  lacks,
  ...(user ? { user } : {}),
});

/** The first requirement (in the order given) whose every credential can be had, or the reason the first one cannot. */
function pick(
  candidates: Entry[][],
  needsOf: (req: Entry[]) => CredentialNeed[],
  cannot: Cannot,
): { needs: CredentialNeed[] } | { reason: string } {
  let reason: string | undefined;
  for (const req of candidates) {
    const needs = needsOf(req);
    const why = needs.map(cannot).find((r) => r !== undefined);
    if (!why) return { needs };
    reason ??= why;
  }
  return { reason: reason ?? 'no requirement of the operation fits' };
}

function fromPick(
  key: string,
  title: string,
  expected: CellPlan['expected'],
  picked: ReturnType<typeof pick>,
  extra: Partial<CellPlan> = {},
): CellPlan {
  if ('reason' in picked) return cell(key, title, expected, [], { unavailable: picked.reason });
  return cell(
    key,
    title,
    expected,
    picked.needs.map((need) => ({ need })),
    extra,
  );
}

/** A malformed credential for every scheme the operation accepts, one per header or parameter. */
function malformedCell(reqs: Entry[][]): CellPlan {
  const bySlot = new Map<string, SecurityScheme>();
  for (const { scheme } of reqs.flat()) {
    const slot = slotOf(scheme);
    if (slot && secretKind(scheme) && !bySlot.has(slot)) bySlot.set(slot, scheme);
  }
  const sent = [...bySlot.values()];
  if (!sent.length)
    return cell('malformed', 'a malformed credential', 401, [], { unavailable: 'the operation takes no credential the checker can send' });
  const bearer = sent.some(isBearerScheme);
  return cell(
    'malformed',
    'a malformed credential',
    401,
    sent.map((malformed) => ({ malformed })),
    bearer ? { bearerError: 'invalid_token' } : {},
  );
}

/**
 * A valid credential of a scheme the operation does not accept, and that cannot pass for
 * one it does: it travels elsewhere, or (against authmock) it is a token issued for another
 * scheme (a bearer scheme's token where the operation takes only oauth2, passesFor).
 */
function otherSchemeCell(reqs: Entry[][], schemes: ReadonlyMap<string, SecurityScheme>, cannot: Cannot, schemeBound: boolean): CellPlan {
  const accepted = reqs.flat().map((e) => e.scheme);
  const others = [...schemes.values()].filter((s) => secretKind(s) && !accepted.some((a) => passesFor(s, a, schemes, schemeBound)));
  const title = 'a valid credential of another scheme only';
  if (!others.length)
    return cell('other-scheme', title, 401, [], { unavailable: 'the operation accepts every kind of credential the spec declares' });
  return fromPick(
    'other-scheme',
    title,
    401,
    pick(
      others.map((scheme) => [{ scheme, scopes: [] }]),
      (r) => [live(r[0])],
      cannot,
    ),
  );
}

/** An expired or revoked credential that holds the requirement's scopes (bearer schemes first), the others live. */
function lapsedCell(state: 'expired' | 'revoked', reqs: Entry[][], cannot: Cannot): CellPlan {
  const candidates = reqs.flatMap((req) => req.map((e, i) => [e, ...req.filter((_, j) => j !== i)]));
  candidates.sort((a, b) => Number(isBearerScheme(b[0].scheme)) - Number(isBearerScheme(a[0].scheme)));
  const picked = pick(candidates, ([first, ...rest]) => [{ ...live(first), state }, ...rest.map((e) => live(e))], cannot);
  const bearer = 'needs' in picked && isBearerScheme(picked.needs[0].scheme);
  return fromPick(
    state,
    `${state === 'expired' ? 'an expired' : 'a revoked'} credential`,
    401,
    picked,
    bearer ? { bearerError: 'invalid_token' } : {},
  );
}

/** The requirement the scope cells use: the first with scopes whose credentials can all be had, else the first that can. */
function scopedOrder(reqs: Entry[][]): Entry[][] {
  return [...reqs].sort((a, b) => Number(b.some((e) => e.scopes.length)) - Number(a.some((e) => e.scopes.length)));
}

/** For each scope of the scoped requirement, a credential that holds all the others. */
function lacksCells(reqs: Entry[][], cannot: Cannot, user: CredentialNeed['user']): CellPlan[] {
  const req = scopedOrder(reqs).find((r) => r.every((e) => !cannot(live(e, user)))) ?? scopedOrder(reqs)[0];
  const cells = new Map<string, CellPlan>();
  req.forEach((entry, i) => {
    for (const scope of entry.scopes) {
      const key = `lacks-${scope}`;
      if (cells.has(key)) continue;
      const needs = req.map((e, j) =>
        j === i
          ? live(
              e,
              user,
              e.scopes.filter((s) => s !== scope),
              [scope],
            )
          : live(e, user),
      );
      const why = needs.map(cannot).find((r) => r !== undefined);
      const bearer = isBearerScheme(entry.scheme) ? { bearerError: 'insufficient_scope' as const } : {};
      const title = `lacks ${scope}`;
      cells.set(
        key,
        why
          ? cell(key, title, 403, [], { unavailable: why })
          : cell(
              key,
              title,
              403,
              needs.map((need) => ({ need })),
              { ...bearer, ownerFrom: user && needs[0] },
            ),
      );
    }
  });
  return [...cells.values()];
}

function exactCell(reqs: Entry[][], cannot: Cannot, user: CredentialNeed['user']): CellPlan {
  const picked = pick(scopedOrder(reqs), (r) => r.map((e) => live(e, user)), cannot);
  const ownerFrom = user && 'needs' in picked ? picked.needs[0] : undefined;
  return fromPick('exact-scopes', 'exactly the required scopes', 'admitted', picked, ownerFrom ? { ownerFrom } : {});
}

/** Another user's credential with every required scope, on the owner's resource. */
function otherUserCell(reqs: Entry[][], cannot: Cannot): CellPlan {
  const picked = pick(scopedOrder(reqs), (r) => [...r.map((e) => live(e, 'other')), live(r[0], 'owner')], cannot);
  if ('reason' in picked) return cell('other-user', "another user's credential", 403, [], { unavailable: picked.reason });
  const owner = picked.needs.pop()!;
  return cell(
    'other-user',
    "another user's credential",
    403,
    picked.needs.map((need) => ({ need })),
    { ownerFrom: owner },
  );
}
