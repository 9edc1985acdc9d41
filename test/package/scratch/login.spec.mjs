import { expect, test } from '@playwright/test';

// A base URL per worker: workers never see one another's tokens or lockouts.
// eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
test.use({ baseURL: async ({}, use, info) => use(`${process.env.AUTHMOCK_URL}/__ns/worker-${info.parallelIndex}/`) });

test('logs in to the social API through the request fixture', async ({ request }) => {
  const res = await request.post('socialapi/auth/post/login', {
    multipart: { apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret', email: 'jane.doe', password: 'jane-password-1' },
  });
  expect(res.status()).toBe(201);
  const { user } = await res.json();
  const profile = await request.get('socialapi/user/get/profile', { headers: { Authorization: `Bearer ${user.userToken}` } });
  expect((await profile.json()).user.username).toBe('jane.doe');
});

test('opens an API address in Chromium: an unknown token is refused', async ({ page, baseURL }) => {
  const res = await page.goto(`${baseURL}socialapi/user/get/profile?userToken=nope`);
  expect(res?.status()).toBe(401);
});
