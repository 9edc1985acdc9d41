// vitest globalSetup: one authmock for the whole run; each test file takes a namespace of its own.
import { startAuthmock } from 'authmock';

export default async function setup({ provide }) {
  const am = await startAuthmock({ port: 0, state: 'memory' });
  provide('authmockUrl', am.url);
  return () => am.close();
}
