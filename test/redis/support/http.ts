/** The few requests the Redis tests send to a real server, with fetch. */

export const RONI = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
export const JOHN = { username: 'john.smith@example.com', password: 'John-Smith-1' };
export const JANE = { apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret', username: 'jane.doe', password: 'jane-password-1' };

export const SIGN_IN_INCORRECT =
  'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';
export const UNAVAILABLE = 'Service temporarily unavailable. Please try again later.';

export interface Answer {
  status: number;
  type: string;
  body: any;
}

export async function send(
  base: string,
  method: string,
  path: string,
  options: { json?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, body: type.includes('json') && text ? JSON.parse(text) : text };
}

export const customerLogin = (base: string, who: { username: string; password: string }) =>
  send(base, 'POST', '/rest/V1/integration/customer/token', { json: who });
export const customerMe = (base: string, token: string, headers?: Record<string, string>) =>
  send(base, 'GET', '/rest/V1/customers/me', { token, headers });
export const revokeCustomer = (base: string, token: string) =>
  send(base, 'POST', '/rest/V1/integration/customer/revoke-customer-token', { token });
export const socialLogin = (base: string) => send(base, 'POST', '/socialapi/auth/post/login', { json: JANE });
export const socialProfile = (base: string, token: string) => send(base, 'GET', '/socialapi/user/get/profile', { token });
export const socialLogout = (base: string, token: string) => send(base, 'POST', '/socialapi/auth/post/logout', { token });

/** A customer token, or throws with what came back instead. */
export async function customerToken(base: string, who = RONI): Promise<string> {
  const res = await customerLogin(base, who);
  if (res.status !== 200) throw new Error(`customer login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as string;
}

export async function socialToken(base: string): Promise<string> {
  const res = await socialLogin(base);
  if (res.status !== 201) throw new Error(`social login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.user.userToken as string;
}

/** Polls until `check` passes or `ms` have gone by; answers whether it passed. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}
