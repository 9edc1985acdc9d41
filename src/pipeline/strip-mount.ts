/** The path inside a spec's mount (`/api/v3/pet/1` under `/api/v3` → `/pet/1`), as its routes know it; undefined when it is not under it. */
export function stripMount(mount: string, path: string): string | undefined {
  if (mount === '/') return path;
  if (path === mount) return '/';
  return path.startsWith(mount) && path[mount.length] === '/' ? path.slice(mount.length) : undefined;
}
