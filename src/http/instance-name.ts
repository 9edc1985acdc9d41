import { hostname } from 'node:os';

/**
 * The name this instance's journal entries carry: --instance-name, else host:port as
 * bound (the address is known once the server listens), with the machine's name for a
 * host that means every interface.
 */
export function createInstanceName(given: string | undefined, address: { readonly url: string }): () => string {
  let url = '';
  let name = '';
  return () => {
    if (given) return given;
    if (address.url !== url) {
      url = address.url;
      name = nameOf(url);
    }
    return name;
  };
}

function nameOf(url: string): string {
  const { hostname: host, port } = new URL(url);
  const shown = host === '0.0.0.0' || host === '[::]' ? hostname() : host;
  return port ? `${shown}:${port}` : shown;
}
