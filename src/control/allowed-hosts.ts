import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const WILDCARDS = new Set(['', '0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/**
 * Whether a request's Host header names this server, so that a page on a name the
 * attacker controls, pointed at 127.0.0.1 later (DNS rebinding), is refused: a loopback
 * name or address, the address authmock listens on (each of the machine's when that
 * is 0.0.0.0 or ::), or a name given with --allowed-host. The port is not compared; a
 * request without Host (HTTP/1.0) comes from no browser and is let through.
 */
export function createHostCheck(listenHost: string, allowedHosts: readonly string[]): (host: string | undefined) => boolean {
  const named = new Set([...allowedHosts, ...listenAddresses(listenHost)].map(hostnameOf));
  return function allowsHost(host) {
    if (host === undefined) return true;
    const name = hostnameOf(host);
    return isLoopbackName(name) || named.has(name);
  };
}

/** The host of a Host header, without its port or an IPv6 literal's brackets, lower case. */
export function hostnameOf(header: string): string {
  const host = header.trim();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host);
  if (bracketed) return normalizeHostname(bracketed[1]);
  const colon = host.indexOf(':');
  // an IPv6 address without brackets (not a valid Host, but unambiguous) keeps its colons
  return normalizeHostname(colon >= 0 && host.indexOf(':', colon + 1) < 0 ? host.slice(0, colon) : host);
}

function normalizeHostname(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/** The listen address, or every address of the machine's interfaces when it listens on all of them. */
function listenAddresses(listenHost: string): string[] {
  if (!WILDCARDS.has(listenHost)) return [listenHost];
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.replace(/%.*$/, '')));
}
