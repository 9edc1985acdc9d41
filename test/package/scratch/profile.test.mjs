import { expect, inject, it } from 'vitest';

const base = `${inject('authmockUrl')}/__ns/profile-file`;

it('logs in and reads the customer, untouched by the other file', async () => {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' }),
    });
    expect(res.status).toBe(200);
    const token = await res.json();
    const me = await fetch(`${base}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).email).toBe('roni_cost@example.com');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
