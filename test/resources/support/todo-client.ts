import { expect } from 'vitest';

/** A to-do spec user's calls against a served authmock: JSON in, status and JSON out. */
export interface TodoCaller {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** Signs in through the spec's own `POST /api/login` and calls with the bearer token it answers. */
export async function signIn(baseUrl: string, username: string): Promise<TodoCaller> {
  const login = await send(baseUrl, 'POST', '/api/login', undefined, { username, password: `${username}-pass` });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const auth = `Bearer ${login.body.token}`;
  return { call: (method, path, body) => send(baseUrl, method, path, auth, body) };
}

async function send(baseUrl: string, method: string, path: string, auth: string | undefined, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
