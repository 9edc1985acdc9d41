/**
 * Where a spec is served: the path of its first `servers` URL, with each `{variable}`
 * taken at its default (`https://api.example.com/v2` → `/v2`, `{base_url}/rest` → `/rest`,
 * `/v3` → `/v3`); `/` when it names none. Never ends with a slash unless it is `/`.
 */
export function mountPath(doc: Record<string, any>): string {
  const server = Array.isArray(doc.servers) ? doc.servers[0] : undefined;
  if (!server || typeof server.url !== 'string') return '/';
  const variables: Record<string, any> = server.variables && typeof server.variables === 'object' ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (_whole: string, name: string) => String(variables[name]?.default ?? ''));
  let path: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      path = '/';
    }
  } else {
    path = url.split(/[?#]/)[0];
  }
  path = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return path === '' ? '/' : decodeSafely(path);
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
