/**
 * The parts of the request URL the way PHP's parse_url gives them, with nothing
 * normalised: the 2.4.8 signer uses them as they are.
 */
export interface UrlParts {
  scheme: string;
  host: string;
  /** the port as parse_url returns it (an integer), when the authority has one */
  port?: number;
  path: string;
  /** the raw query after `?`, when there is a `?` (PHP 8 tells an empty query from none) */
  query?: string;
}

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/;

export function splitRequestUrl(url: string): UrlParts {
  const match = ABSOLUTE.exec(url);
  if (!match) throw new TypeError(`not an absolute URL: ${url}`);
  const [, scheme, authority, path, query] = match;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const portMatch = /^(\[[^\]]*\]|[^:]*):([0-9]+)$/.exec(hostPort);
  const parts: UrlParts = { scheme, host: portMatch ? portMatch[1] : hostPort.replace(/:$/, ''), path };
  if (portMatch) parts.port = Number(portMatch[2]);
  if (query !== undefined) parts.query = query;
  return parts;
}
