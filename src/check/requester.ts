import type { ApiModel, OperationModel } from './spec-model.js';
import type { ApiProfile } from './api-profile.js';
import type { CallSpec } from './call-spec.js';
import { sendRequest, type Exchange, type OutgoingRequest } from './http-client.js';

/**
 * Turns a CallSpec into a URL and headers against the target: each API's base URLs
 * are the target plus the path of each spec server, or one URL given for that API.
 */
export class Requester {
  constructor(
    private readonly models: Record<string, ApiModel>,
    /** api -> base URL per spec server (index 0 first) */
    readonly bases: Record<string, string[]>,
    private readonly timeoutMs: number,
  ) {}

  /** every API the specs describe, checked or not */
  get apis(): string[] {
    return Object.keys(this.models);
  }

  profile(api: string): ApiProfile {
    return this.models[api].profile;
  }

  model(api: string, operationId: string): OperationModel {
    const found = this.models[api].operations.find((m) => m.op.operationId === operationId);
    if (!found) throw new Error(`the ${api} spec has no operation ${operationId}`);
    return found;
  }

  build(spec: CallSpec): OutgoingRequest {
    const { op } = this.model(spec.api, spec.operationId);
    const base = this.bases[spec.api][spec.server ?? 0];
    if (base === undefined) throw new Error(`no base URL for ${spec.api} server ${spec.server}`);
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(spec.pathParams?.[name] ?? '')));
    const query = new URLSearchParams(spec.query);
    const headers: Record<string, string> = { accept: spec.accept ?? 'application/json', ...lowerCaseKeys(spec.headers) };
    if (spec.token !== undefined) {
      if (spec.tokenInQuery) query.set(spec.tokenInQuery, spec.token);
      else headers.authorization = `Bearer ${spec.token}`;
    }
    if (spec.body?.contentType) headers['content-type'] = spec.body.contentType;
    const qs = query.toString();
    const url = `${base}${path}${qs ? `?${qs}` : ''}`;
    if (spec.sign) headers.authorization = spec.sign({ method: op.method, url });
    return { method: op.method, url, headers, body: spec.body?.payload };
  }

  send(spec: CallSpec): Promise<Exchange> {
    return sendRequest(this.build(spec), this.timeoutMs);
  }
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/** `http://h:1/rest/V1/x?userToken=...` -> `/rest/V1/x`: short, and never shows a token. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  // The check's own authmock namespace is plumbing, not part of the API's path.
  return u.pathname.replace(/^\/__ns\/[A-Za-z0-9_-]+(?=\/)/, '') + (u.search ? '?…' : '');
}
