import type { Operation, SecurityScheme } from '../../core/types.js';
import type { UserSpec } from './load-user-specs.js';
import type { CredentialNeed, CredentialProvider } from './credential-need.js';
import { secretKind } from './credential-need.js';
import type { CheckedCollection } from './object-bodies.js';

// Who calls a collection's object-level cases (object-cases.ts): A, the owner, and B, another
// user, each with one scheme's credential holding every scope the collection asks for.

export type Who = 'A' | 'B';

/** A collection, the spec it is checked in and where its callers' credentials come from. */
export interface CollectionCallers extends CheckedCollection {
  provider: CredentialProvider;
}

/**
 * The scheme an operation is called with: one whose credential the checker sends and that a
 * requirement names alone, preferring one every secured operation of the collection takes,
 * so that A is one caller throughout (an API key and a token of the same user are two).
 */
export function schemeOf(spec: UserSpec, op: Operation, others: readonly Operation[] = []): SecurityScheme | undefined {
  const alone = (o: Operation) =>
    o.security
      .flatMap((r) => (r.length === 1 ? [spec.model.schemes.get(r[0]!.scheme)] : []))
      .filter((s): s is SecurityScheme => !!s && secretKind(s) !== undefined);
  const mine = alone(op);
  const secured = others.filter((o) => o.security.length > 0);
  return mine.find((s) => secured.every((o) => alone(o).some((x) => x.name === s.name))) ?? mine[0];
}

export function opsOf(input: CollectionCallers): Operation[] {
  const c = input.served.collection;
  return [c.create, c.read, c.replace, c.patch, c.remove, ...c.lists].filter((op): op is Operation => !!op);
}

/** A's and B's credential for a scheme: both hold every scope the collection's operations ask of it. */
export function needOf(input: CollectionCallers, scheme: SecurityScheme, who: Who): CredentialNeed {
  // every scope of every scheme the collection asks for: A is the same user whichever scheme carries it
  const holds = new Set<string>();
  for (const op of opsOf(input)) for (const requirement of op.security) for (const r of requirement) r.scopes.forEach((s) => holds.add(s));
  return {
    scheme,
    state: 'live',
    holds: [...holds].sort(),
    lacks: [...input.served.policy.adminScopes],
    user: who === 'A' ? 'owner' : 'other',
  };
}

/** Where only its owner may read an object (an owner rule on the item's parameter: a user record), A's object is named after A. */
export async function ownIdOf(input: CollectionCallers): Promise<string | undefined> {
  const c = input.served.collection;
  const rule = c.read?.owner;
  if (!rule || rule.param !== c.itemParam) return undefined;
  const scheme = schemeOf(input.spec, c.read!, opsOf(input));
  if (!scheme) return undefined;
  return (await input.provider.produce(needOf(input, scheme, 'A'))).owner?.(rule.claim);
}
