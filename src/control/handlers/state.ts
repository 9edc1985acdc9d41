import type { Handler } from '../../pipeline/stages.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { NamespaceRecord, NamespaceSettings, OAuthSettings } from '../../store/store.js';
import { oauthPolicy } from '../../auth/oauth2/server-context.js';
import { effectiveSettings, DEFAULT_NAMESPACE } from '../../pipeline/namespaces.js';
import { controlError } from '../control-error.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Reset, clock, settings and namespaces. */
export function createStateHandlers(runtime: Runtime, onReset: (ns: string) => Promise<void> = async () => {}): Record<string, Handler> {
  const { store, clock, config } = runtime.services;
  const record = async (ns: string): Promise<NamespaceRecord> => runtime.namespaces.ensure(ns);
  const clockOf = (r: NamespaceRecord) => ({ now: iso(clock.now() + r.clockOffsetMs), offsetSeconds: r.clockOffsetMs / 1000 });
  const settingsOf = (r: NamespaceRecord) => {
    const s = effectiveSettings(config, r.settings);
    const lifetimes: Record<string, number | null> = {};
    for (const type of runtime.apis.flatMap((a) => a.userTypes)) lifetimes[type] = s.tokenLifetimes[type] ?? null;
    return {
      lockoutFailures: s.lockout.maxFailures,
      lockoutSeconds: s.lockout.seconds,
      tokenLifetimes: lifetimes,
      oauth: oauthPolicy(s.oauth),
    };
  };
  return {
    async resetNamespace(ctx) {
      await runtime.namespaces.reset(ctx.ns.name);
      await onReset(ctx.ns.name);
      return { status: 204, body: undefined };
    },
    async getClock(ctx) {
      return { status: 200, body: clockOf(await record(ctx.ns.name)) };
    },
    async setClock(ctx) {
      const current = await record(ctx.ns.name);
      const change = ctx.body as { advanceSeconds?: number; now?: string; real?: true };
      let offset = current.clockOffsetMs;
      if (change.advanceSeconds !== undefined) offset += Math.round(change.advanceSeconds * 1000);
      else if (change.now !== undefined) offset = Date.parse(change.now) - clock.now();
      else offset = 0;
      if (!Number.isFinite(offset)) throw controlError('BAD_REQUEST', `not a date-time: ${change.now}`);
      const updated = await store.namespaces.update({ ns: ctx.ns.name, clockOffsetMs: offset });
      return { status: 200, body: clockOf(updated ?? current) };
    },
    async getSettings(ctx) {
      return { status: 200, body: settingsOf(await record(ctx.ns.name)) };
    },
    async putSettings(ctx) {
      const current = await record(ctx.ns.name);
      const change = ctx.body as {
        lockoutFailures?: number | null;
        lockoutSeconds?: number | null;
        tokenLifetimes?: Record<string, number | null>;
        oauth?: Record<keyof OAuthSettings, unknown>;
      };
      const types = new Set(runtime.apis.flatMap((a) => a.userTypes));
      const unknown = Object.keys(change.tokenLifetimes ?? {}).filter((t) => !types.has(t));
      if (unknown.length) throw controlError('BAD_REQUEST', `unknown token type ${unknown.join(', ')} (known: ${[...types].join(', ')})`);
      const next: NamespaceSettings = { ...current.settings };
      if (change.lockoutFailures !== undefined) next.lockoutFailures = change.lockoutFailures ?? undefined;
      if (change.lockoutSeconds !== undefined) next.lockoutSeconds = change.lockoutSeconds ?? undefined;
      if (change.tokenLifetimes) {
        const lifetimes = { ...next.tokenLifetimes };
        // null goes back to the start-up value: the override is dropped
        for (const [type, seconds] of Object.entries(change.tokenLifetimes)) {
          if (seconds === null) delete lifetimes[type];
          else lifetimes[type] = seconds;
        }
        next.tokenLifetimes = lifetimes;
      }
      if (change.oauth) {
        // null goes back to the default: the field is dropped
        const oauth: Record<string, unknown> = { ...next.oauth };
        for (const [name, value] of Object.entries(change.oauth)) {
          if (value === null) delete oauth[name];
          else oauth[name] = value;
        }
        next.oauth = oauth as OAuthSettings;
      }
      const updated = await store.namespaces.update({ ns: ctx.ns.name, settings: JSON.parse(JSON.stringify(next)) });
      return { status: 200, body: settingsOf(updated ?? current) };
    },
    async listSpecs() {
      return {
        status: 200,
        body: runtime.apis.map((api) => ({
          name: api.name,
          file: api.model.spec.path,
          mount: api.model.mount,
          operations: api.model.operations.length,
          version: String(api.model.spec.doc.info?.version ?? ''),
          openapi: api.model.spec.sourceVersion,
          builtIn: api.builtIn,
          ...(api.model.warnings.length ? { warnings: [...api.model.warnings] } : {}),
          ...(runtime.reloads?.errors.has(api.name) ? { lastReloadError: runtime.reloads.errors.get(api.name) } : {}),
        })),
      };
    },
    async listNamespaces() {
      const all = await store.namespaces.list();
      return {
        status: 200,
        body: all.map((r) => ({ name: r.name, createdAt: iso(r.createdAt), clockOffsetSeconds: r.clockOffsetMs / 1000 })),
      };
    },
    async deleteNamespace(ctx) {
      const name = String(ctx.pathParams.name);
      const gone = await store.namespaces.delete(name);
      if (!gone) throw controlError('NOT_FOUND', `no namespace ${name}`);
      await onReset(name);
      if (name === DEFAULT_NAMESPACE) runtime.services.log.info('the default namespace was deleted: it is made afresh on its next request');
      return { status: 204, body: undefined };
    },
  };
}
