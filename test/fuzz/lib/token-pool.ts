import http from 'node:http';
import type { ApiName } from './api-model.js';
import type { Answer } from './answer.js';
import type { FuzzAccounts } from './load-accounts.js';
import type { FuzzRequest, Principal, TokenPlan } from './fuzz-request.js';
import { sendRequest } from './send-request.js';

const CUSTOMER_TOKEN = '/rest/V1/integration/customer/token';
const ADMIN_TOKEN = '/rest/V1/integration/admin/token';
const REVOKE = '/rest/V1/integration/customer/revoke-customer-token';
const SOCIAL_LOGIN = '/socialapi/auth/post/login';
const SOCIAL_LOGOUT = '/socialapi/auth/post/logout';

/**
 * Valid tokens of the default accounts, logged in over HTTP as any client would, and
 * some revoked ones. A revocation the fuzz run itself makes is followed by a fresh login.
 */
export class TokenPool {
  private readonly valid = new Map<Principal, string>();
  private readonly revoked: Record<ApiName, string[]> = { commerce: [], social: [] };
  private readonly refreshing = new Map<Principal, Promise<void>>();

  private constructor(
    private readonly baseUrl: string,
    private readonly accounts: FuzzAccounts,
    private readonly agent: http.Agent,
  ) {}

  static async create(baseUrl: string, accounts: FuzzAccounts, agent: http.Agent): Promise<TokenPool> {
    const pool = new TokenPool(baseUrl, accounts, agent);
    const principals: Principal[] = ['customer', 'customer2', 'admin', 'restrictedAdmin', 'socialUser'];
    for (const p of principals) pool.valid.set(p, await pool.logIn(p));
    // one revoked token per API, made the documented way
    await pool.post(REVOKE, undefined, pool.valid.get('customer2'));
    pool.revoked.commerce.push(pool.valid.get('customer2')!);
    pool.valid.set('customer2', await pool.logIn('customer2'));
    const social = await pool.logIn('socialUser');
    await pool.post(SOCIAL_LOGOUT, undefined, social);
    pool.revoked.social.push(social);
    return pool;
  }

  resolve(plan: TokenPlan, index: number): string | undefined {
    if (plan.kind === 'none') return undefined;
    if (plan.kind === 'garbage') return plan.value;
    if (plan.kind === 'valid') return this.valid.get(plan.principal);
    const list = this.revoked[plan.api];
    return list[index % list.length];
  }

  /** After a revocation the run made itself: the principal's old token joins the revoked ones and a new one is had. */
  async noteAnswer(req: FuzzRequest, token: string | undefined, answer: Answer): Promise<void> {
    if (req.token.kind !== 'valid' || answer.status !== 200 || token === undefined) return;
    const revokes = req.operationId === 'revokeCustomerAccessToken' || req.operationId === 'logout';
    if (!revokes) return;
    const principal = req.token.principal;
    if (this.valid.get(principal) !== token) return;
    const api: ApiName = principal === 'socialUser' ? 'social' : 'commerce';
    if (this.revoked[api].length < 50) this.revoked[api].push(token);
    if (!this.refreshing.has(principal)) {
      const refresh = this.logIn(principal)
        .then((fresh) => void this.valid.set(principal, fresh))
        .finally(() => this.refreshing.delete(principal));
      this.refreshing.set(principal, refresh);
    }
    await this.refreshing.get(principal);
  }

  private async logIn(principal: Principal): Promise<string> {
    const { customers, admins, clientApps, socialUsers } = this.accounts;
    if (principal === 'socialUser') {
      const user = socialUsers.find((u) => u.canLogIn)!;
      const answer = await this.post(SOCIAL_LOGIN, { username: user.username, password: user.password, ...clientApps[0] });
      if (answer.status !== 201) throw new Error(`social login failed (${answer.status}): ${answer.body}`);
      return JSON.parse(answer.body.toString('utf8')).user.userToken;
    }
    const who = { customer: customers[0], customer2: customers[1], admin: admins[0], restrictedAdmin: admins[1] }[principal];
    const answer = await this.post(principal.endsWith('dmin') ? ADMIN_TOKEN : CUSTOMER_TOKEN, who);
    if (answer.status !== 200) throw new Error(`${principal} login failed (${answer.status}): ${answer.body}`);
    return JSON.parse(answer.body.toString('utf8'));
  }

  private post(path: string, body: unknown, token?: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return sendRequest(
      this.baseUrl,
      { method: 'POST', target: path, headers, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)), chunked: false },
      this.agent,
    );
  }
}
