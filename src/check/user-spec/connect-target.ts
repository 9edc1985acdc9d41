import { UsageError } from '../../core/usage-error.js';
import { claimAuthmockNamespace } from '../authmock-namespace.js';
import type { CredentialProvider } from './credential-need.js';
import type { UserSpec } from './load-user-specs.js';
import type { CredentialsFile } from './read-credentials-file.js';
import type { RequestBudget } from './request-budget.js';
import { createControlCredentials } from './control-credentials.js';
import { createControlClient, type ControlCall } from './control-client.js';
import { createFileCredentials } from './file-credentials.js';
import { readServedSpecs } from './served-specs.js';
import { locateBase } from './locate-base.js';
import { paramSchema } from './sample-request.js';

/** One spec against the target: where its operations are called and where its credentials come from. */
export interface SpecTarget {
  spec: UserSpec;
  base: string;
  provider: CredentialProvider;
}

export interface Connected {
  specs: SpecTarget[];
  /** the target is an authmock serving the specs: every method is called, in the check's own namespace */
  authmock: boolean;
  /** its control API in that namespace, once connected (not for `--list`) */
  control?: ControlCall;
  notes: string[];
  /** gives the namespace back; the problem in words when that failed */
  release(): Promise<string | undefined>;
}

export interface ConnectOptions {
  target: string;
  specs: readonly UserSpec[];
  file?: CredentialsFile;
  timeoutMs: number;
  controlKey?: string;
  budget: RequestBudget;
  /** `--list`: nothing is sent; the cells are planned as against an authmock, or from the file when one is given */
  list: boolean;
  /** a GET path of each spec (parameters filled in), to find where a server that ignores `servers` serves it */
  probePaths: ReadonlyMap<string, string | undefined>;
}

const NO_FILE: CredentialProvider = {
  cannot: () => 'no --credentials file: a server that is not authmock needs one for this class',
  produce: () => Promise.reject(new Error('no credentials file')),
};

/**
 * Finds out what the target is. An authmock that serves the specs: a namespace of the
 * check's own, credentials made through its control API, deleted after. Any other
 * server: the spec's paths under the target, credentials from the file.
 */
export async function connectTarget(o: ConnectOptions): Promise<Connected> {
  const none = async () => undefined;
  const fileProvider = o.file
    ? createFileCredentials({ file: o.file, target: o.target, timeoutMs: o.timeoutMs, budget: o.budget })
    : NO_FILE;
  const mountOf = (s: UserSpec) => (s.model.mount === '/' ? '' : encodeURI(s.model.mount));
  if (o.list) {
    const provider = (s: UserSpec) => (o.file ? fileProvider : controlFor(s, o.target, o));
    return {
      specs: o.specs.map((spec) => ({ spec, base: o.target + mountOf(spec), provider: provider(spec) })),
      authmock: !o.file,
      notes: [],
      release: none,
    };
  }
  const served = await readServedSpecs(o.target, o);
  o.budget.note();
  if (served) {
    const missing = o.specs.filter((s) => !served.has(s.name)).map((s) => s.name);
    if (missing.length)
      throw new UsageError(
        `the authmock at ${o.target} does not serve ${missing.join(', ')} (it serves ${[...served.keys()].join(', ') || 'none'}): start it with those specs`,
      );
    const ns = await claimAuthmockNamespace(o.target, { timeoutMs: o.timeoutMs, controlKey: o.controlKey });
    o.budget.note(2);
    if (ns) {
      const specs = o.specs.map((spec) => ({
        spec,
        base: ns.base + encodeURI(served.get(spec.name)!).replace(/^\/$/, ''),
        provider: controlFor(spec, ns.base, o),
      }));
      o.budget.reserve();
      const release = async () => {
        o.budget.spendReserved();
        return ns.release();
      };
      return {
        specs,
        authmock: true,
        control: createControlClient({ base: ns.base, controlKey: o.controlKey, timeoutMs: o.timeoutMs, budget: o.budget }),
        notes: [`authmock: credentials made through its control API in namespace ${ns.name}, deleted after the run`],
        release,
      };
    }
  }
  const notes: string[] = [];
  const specs: SpecTarget[] = [];
  for (const spec of o.specs) {
    const located = await locateBase(o.target, spec.model.mount, o.probePaths.get(spec.name), o);
    if (located.note) notes.push(`${spec.name}: ${located.note}`);
    specs.push({ spec, base: located.base, provider: fileProvider });
  }
  return { specs, authmock: false, notes, release: none };
}

function controlFor(spec: UserSpec, base: string, o: ConnectOptions): CredentialProvider {
  const ownerClaims = [...new Set(spec.model.operations.flatMap((op) => (op.owner ? [op.owner.claim] : [])))];
  // what the owner parameters accept: the users the checker makes are named to fit (`^[a-z]{2,32}$`)
  const ownerSchemas: Record<string, unknown[]> = {};
  for (const op of spec.model.operations) {
    const rule = op.owner;
    const where = op.params.find((p) => p.name === rule?.param)?.in;
    const schema = rule && where ? paramSchema(spec.model.spec, op, where, rule.param) : undefined;
    if (rule && schema) (ownerSchemas[rule.claim] ??= []).push(schema);
  }
  return createControlCredentials({
    api: spec.name,
    base,
    controlKey: o.controlKey,
    timeoutMs: o.timeoutMs,
    budget: o.budget,
    ownerClaims,
    ownerSchemas,
  });
}
