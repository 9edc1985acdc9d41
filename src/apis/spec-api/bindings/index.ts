import type { Reader } from '../identity-reader.js';
import { joinSeedObjects } from '../../../pipeline/seed-objects.js';
import type { BindingParts, BindingSetup } from './binding-kind.js';
import { LOGIN, type LoginBinding } from './login.js';
import { LOGOUT, type LogoutBinding } from './logout.js';
import { RESOURCES, type ResourcesConfig } from './resources.js';

export type { BindingParts, BindingSetup } from './binding-kind.js';
export type { LoginBinding } from './login.js';
export type { ResourceInput, ResourcesConfig } from './resources.js';

/** What an identity file binds, by kind; an absent kind binds nothing (resources: inferred with no configuration). */
export interface BindingConfigs {
  login?: LoginBinding;
  logout?: LogoutBinding;
  resources?: ResourcesConfig;
}

/**
 * Every kind of behaviour a user's spec can be given, each reading its part of the
 * identity file and making its handlers. Later kinds win an operation over earlier ones:
 * a bound login or logout over a collection's operation of the same id.
 */
const BINDINGS = [
  ['resources', RESOURCES],
  ['login', LOGIN],
  ['logout', LOGOUT],
] as const;

/** Reads each kind's part of the identity file: `bindings.login`, `bindings.logout`, `resources`. */
export function readBindingConfigs(at: Reader, top: Record<string, unknown>): BindingConfigs {
  const inBindings = top.bindings === undefined ? {} : at.object(top.bindings, 'bindings', ['login', 'logout']);
  const out: BindingConfigs = {};
  if (inBindings.login !== undefined) out.login = LOGIN.read(at, inBindings.login);
  if (inBindings.logout !== undefined) out.logout = LOGOUT.read(at, inBindings.logout);
  if (top.resources !== undefined) out.resources = RESOURCES.read(at, top.resources);
  return out;
}

/** The API's behaviour from its bindings: every kind built, their handlers, seeds, collections and banner lines together. */
export function buildBindings(configs: BindingConfigs, setup: BindingSetup): Required<BindingParts> {
  const parts: BindingParts[] = [];
  for (const [key, kind] of BINDINGS) {
    // resources are inferred even when the file says nothing of them
    const config = key === 'resources' ? (configs.resources ?? {}) : configs[key];
    if (config !== undefined) parts.push((kind as { build(c: unknown, s: BindingSetup): BindingParts }).build(config, setup));
  }
  return {
    handlers: Object.assign({}, ...parts.map((p) => p.handlers)),
    seedObjects: joinSeedObjects(parts.map((p) => p.seedObjects)),
    collections: parts.flatMap((p) => p.collections ?? []),
    describe: () => parts.flatMap((p) => p.describe?.() ?? []),
  };
}
