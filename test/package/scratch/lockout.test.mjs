// Locks roni_cost in its own namespace: the other file logs in as roni_cost at the same time.
import { expect, inject, it } from 'vitest';

const base = `${inject('authmockUrl')}/__ns/lockout-file`;
const login = (password) =>
  fetch(`${base}/rest/V1/integration/customer/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'roni_cost@example.com', password }),
  });

it('locks the account after six failures, and the clock ends the lockout', async () => {
  for (let i = 0; i < 6; i++) expect((await login('wrong')).status).toBe(401);
  expect((await login('roni_cost3@example.com')).status).toBe(401);
  const moved = await fetch(`${base}/__authmock/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: 1801 }),
  });
  expect(moved.status).toBe(200);
  expect((await login('roni_cost3@example.com')).status).toBe(200);
});
