import type { Call, Handler } from '../../pipeline/stages.js';
import type { Journal, JournalFilter } from '../../journal/journal.js';
import { controlError } from '../control-error.js';

/** The request journal of the namespace (every instance's, on Redis): list, count, clear. */
export function createJournalHandlers(journal: Journal): Record<string, Handler> {
  return {
    async listRequests(ctx) {
      return { status: 200, body: await journal.list({ ns: ctx.ns.name, filter: readFilter(ctx) }) };
    },
    async countRequests(ctx) {
      return { status: 200, body: { count: await journal.count({ ns: ctx.ns.name, filter: { ...readFilter(ctx), limit: undefined } }) } };
    },
    async clearRequests(ctx) {
      await journal.clear({ ns: ctx.ns.name });
      return { status: 204, body: undefined };
    },
  };
}

/** The query's filters (the spec validated their shapes). */
export function readFilter(ctx: Call): JournalFilter {
  const q = ctx.query as Record<string, string | undefined>;
  const filter: JournalFilter = {};
  if (q.api) filter.api = q.api;
  if (q.operationId) filter.operationId = q.operationId;
  if (q.status) filter.status = Number(q.status);
  if (q.method) filter.method = q.method;
  if (q.path) filter.path = q.path;
  if (q.principal) filter.principal = q.principal;
  if (q.limit) filter.limit = Number(q.limit);
  if (q.since) {
    const since = /^\d+$/.test(q.since) ? Number(q.since) : Date.parse(q.since);
    if (!Number.isFinite(since)) throw controlError('BAD_REQUEST', `since: not a date-time: ${q.since}`);
    filter.since = since;
  }
  return filter;
}
