import type { Accounts, AccountRole } from './accounts.js';
import { findRole, hasRole, loginBody, type ApiProfile } from './api-profile.js';
import type { CallSpec } from './call-spec.js';
import type { Requester } from './requester.js';
import { encodeBody } from './encode-body.js';
import { snippet } from './response-checks.js';

/** A token could not be had: the cases that need it fail with this message. */
export class SetupError extends Error {}

/**
 * Tokens on demand, the way a client gets them: log in once per role and reuse the
 * token; hand out fresh ones to cases that revoke; forget a role's token once a
 * revocation may have killed it (the commerce platform revokes per customer).
 */
export class Session {
  private readonly cache = new Map<AccountRole, Promise<string>>();
  private readonly revoked = new Map<string, Promise<string>>();
  private readonly ids = new Map<AccountRole, Promise<number | undefined>>();

  constructor(
    private readonly requester: Requester,
    readonly accounts: Accounts,
  ) {}

  has(role: AccountRole): boolean {
    const api = this.apiOfRole(role);
    return api !== undefined && hasRole(this.accounts, role, this.requester.profile(api));
  }

  /** The login request of a role, as JSON with the role's credentials. */
  loginCall(role: AccountRole, password?: string): CallSpec {
    const api = this.apiOfRole(role)!;
    const profile = this.requester.profile(api);
    const operationId = profile.roles[role].login;
    const model = this.requester.model(api, operationId);
    const body = loginBody(model.examples[0]?.value, role, this.accounts, profile);
    if (password !== undefined) body.password = password;
    return { api, operationId, label: `log in as ${role}`, body: encodeBody(body, 'application/json') };
  }

  token(role: AccountRole): Promise<string> {
    let pending = this.cache.get(role);
    if (!pending) {
      pending = this.freshToken(role);
      this.cache.set(role, pending);
    }
    return pending;
  }

  async freshToken(role: AccountRole): Promise<string> {
    if (!this.has(role)) throw new SetupError(`no ${role} account is configured`);
    const call = this.loginCall(role);
    const ex = await this.requester.send(call);
    let body: unknown;
    try {
      body = JSON.parse(ex.text);
    } catch {
      body = undefined;
    }
    const token = ex.status >= 200 && ex.status < 300 ? this.requester.profile(call.api).readToken(body) : undefined;
    if (!token)
      throw new SetupError(
        `cannot log in as ${role} (${this.accounts[role]?.username}): ${call.operationId} answered ${ex.status} ${snippet(ex.text)}`,
      );
    return token;
  }

  forget(role: AccountRole): void {
    this.cache.delete(role);
    this.ids.delete(role);
  }

  /** A token of the API that was issued and then revoked through the API's own revoke operation. */
  revokedToken(api: string): Promise<string> {
    let pending = this.revoked.get(api);
    if (!pending) {
      pending = this.revoke(api);
      this.revoked.set(api, pending);
    }
    return pending;
  }

  private async revoke(api: string): Promise<string> {
    const revoke = this.requester.profile(api).revoke;
    if (!revoke) throw new SetupError(`the ${api} API has no revoke operation`);
    const token = await this.freshToken(revoke.role);
    const ex = await this.requester.send({ api, operationId: revoke.operationId, token });
    this.forget(revoke.role);
    if (ex.status < 200 || ex.status > 299)
      throw new SetupError(`cannot revoke a ${revoke.role} token: ${revoke.operationId} answered ${ex.status} ${snippet(ex.text)}`);
    return token;
  }

  /** A role's numeric id (e.g. the customer id), from the accounts or from its own record. */
  idOf(role: AccountRole): Promise<number | undefined> {
    let pending = this.ids.get(role);
    if (!pending) {
      pending = this.lookUpId(role);
      this.ids.set(role, pending);
    }
    return pending;
  }

  private async lookUpId(role: AccountRole): Promise<number | undefined> {
    const given = (this.accounts[role] as { id?: number } | undefined)?.id;
    if (given !== undefined) return given;
    const api = this.apiOfRole(role);
    const lookup = api ? this.requester.profile(api).idLookup : undefined;
    if (!api || !lookup || lookup.role !== role) return undefined;
    const ex = await this.requester.send({ api, operationId: lookup.operationId, token: await this.token(role) });
    try {
      const id = JSON.parse(ex.text)?.[lookup.field];
      return typeof id === 'number' ? id : undefined;
    } catch {
      return undefined;
    }
  }

  profile(api: string): ApiProfile {
    return this.requester.profile(api);
  }

  /** The API whose login issues a role's token. */
  apiOfRole(role: AccountRole): string | undefined {
    return this.requester.apis.find((api) => findRole(this.requester.profile(api), role) !== undefined);
  }
}
