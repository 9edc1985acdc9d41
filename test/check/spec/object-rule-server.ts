import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One object-level (or function-level) rule a small to-do server breaks on purpose, or none. */
export type ObjectBroken =
  | 'none'
  /** B reads A's to-do */
  | 'b-reads'
  /** B deletes A's to-do */
  | 'b-deletes'
  /** every caller's list holds every to-do */
  | 'list-leaks'
  /** a PATCH by B is applied to A's to-do */
  | 'b-patches'
  /** a created to-do reads back with its title changed */
  | 'field-changed'
  /** the administrators' purge is open to every user (OWASP API5) */
  | 'admin-open';

/** The secrets todos/creds.yaml takes from the environment. */
export const TODO_SECRETS = { ALICE_TOKEN: 'alice-token-9d3f7h1k' };

interface Holder {
  user: string;
  scopes: string[];
  state: 'live' | 'expired' | 'revoked';
}

interface Todo {
  id: number;
  title: string;
  done: boolean;
  createdAt: string;
  owner: string;
}

const PROBLEM = 'application/problem+json';

/**
 * todos/todos.openapi.yaml served by hand, the way a real backend would: bearer tokens from
 * todos/creds.yaml, each to-do its creator's (another user is told 404, as if it did not
 * exist; the admin scope reaches every one), and a purge for administrators only. `broken`
 * makes it break exactly one rule.
 */
export async function startObjectRuleServer(broken: ObjectBroken): Promise<{ url: string; close(): Promise<void> }> {
  const tokens = new Map<string, Holder>([
    [TODO_SECRETS.ALICE_TOKEN, { user: 'alice', scopes: [], state: 'live' }],
    ['bob-token-5v7c1x', { user: 'bob', scopes: [], state: 'live' }],
    ['root-token-2m4n6b', { user: 'root', scopes: ['admin'], state: 'live' }],
    ['old-todo-token', { user: 'alice', scopes: ['admin'], state: 'expired' }],
    ['revoked-todo-token', { user: 'alice', scopes: ['admin'], state: 'revoked' }],
  ]);
  const todos = new Map<number, Todo>();
  let next = 1;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => serve(req, res, body));
  });

  const serve = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const item = /^\/api\/todos\/([^/]+)$/.exec(path);
    if (path !== '/api/todos' && !item) return problem(res, 404, 'no such path');
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return problem(res, 401, 'no token', 'Bearer realm="todos"');
    const holder = tokens.get(token);
    if (!holder || holder.state !== 'live') return problem(res, 401, 'invalid token', 'Bearer realm="todos", error="invalid_token"');
    const admin = holder.scopes.includes('admin');
    const mine = (t: Todo) => admin || t.owner === holder.user;
    if (!item) {
      if (req.method === 'GET') {
        const items = [...todos.values()].filter((t) => broken === 'list-leaks' || mine(t)).map(view);
        return send(res, 200, { items, total: items.length });
      }
      if (req.method === 'POST') {
        const sent = parse(body);
        if (typeof sent?.title !== 'string' || sent.title.length === 0) return problem(res, 400, 'title is required');
        const todo: Todo = {
          id: next++,
          title: broken === 'field-changed' ? sent.title.toUpperCase() + '!' : sent.title,
          done: sent.done === true,
          createdAt: new Date().toISOString(),
          owner: holder.user,
        };
        todos.set(todo.id, todo);
        return send(res, 201, view(todo), { Location: `/api/todos/${todo.id}` });
      }
      if (req.method === 'DELETE') {
        if (!admin && broken !== 'admin-open')
          return problem(res, 403, 'administrators only', 'Bearer realm="todos", error="insufficient_scope", scope="admin"');
        todos.clear();
        return send(res, 204);
      }
      return problem(res, 405, 'method not allowed');
    }
    const todo = todos.get(Number(item[1]));
    const open = (rule?: ObjectBroken) => todo && (mine(todo) || (rule !== undefined && broken === rule));
    switch (req.method) {
      case 'GET':
        return open('b-reads') ? send(res, 200, view(todo!)) : problem(res, 404, 'no such to-do');
      case 'PUT':
      case 'PATCH': {
        if (!open(req.method === 'PATCH' ? 'b-patches' : undefined)) return problem(res, 404, 'no such to-do');
        const sent = parse(body) ?? {};
        if (typeof sent.title === 'string' && sent.title) todo!.title = sent.title;
        if (typeof sent.done === 'boolean') todo!.done = sent.done;
        return send(res, 200, view(todo!));
      }
      case 'DELETE':
        if (!open('b-deletes')) return problem(res, 404, 'no such to-do');
        todos.delete(todo!.id);
        return send(res, 204);
    }
    return problem(res, 405, 'method not allowed');
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function view({ owner: _owner, ...todo }: Todo): Omit<Todo, 'owner'> {
  return todo;
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function problem(res: ServerResponse, status: number, title: string, challenge?: string): void {
  res.writeHead(status, { 'Content-Type': PROBLEM, ...(challenge ? { 'WWW-Authenticate': challenge } : {}) });
  res.end(JSON.stringify({ title }));
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
