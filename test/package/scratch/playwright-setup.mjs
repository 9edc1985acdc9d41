import { startAuthmock } from 'authmock';

export default async function globalSetup() {
  const am = await startAuthmock();
  process.env.AUTHMOCK_URL = am.url;
  return () => am.close();
}
