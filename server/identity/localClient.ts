/**
 * Is this request from this machine? The development identity provider signs anybody in as any
 * email, so it and the sign-in steps that lean on it answer loopback clients only.
 *
 * - The decision is the TCP socket's peer address, never `request.ip`: with TRUST_PROXY on, a
 *   client chooses what X-Forwarded-For says, 127.0.0.1 included.
 * - A request that came through a proxy (any forwarding header) counts as local only when every
 *   address the headers name is loopback too: a local nginx in front of the server connects from
 *   127.0.0.1 for every client in the world. A header we cannot read counts as not loopback.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x (::ffff:127.0.0.1, as a dual-stack socket reports it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList matches IPv4-mapped IPv6 addresses against IPv4 rules.
  return loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The address of one `for=` (RFC 7239) or X-Forwarded-For entry, without quotes, brackets or port. */
function bareAddress(entry: string): string {
  let value = entry.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).trim();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 0 ? value.slice(1, end) : value;
  }
  // 127.0.0.1:1234 -> 127.0.0.1; a bare IPv6 address has several colons and no port.
  const colon = value.indexOf(':');
  return colon > 0 && colon === value.lastIndexOf(':') ? value.slice(0, colon) : value;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value.join(',') : value;
}

/** Every client address the forwarding headers name; undefined entries for parts that name none. */
export function forwardedAddresses(headers: FastifyRequest['headers']): Array<string | undefined> {
  const named: Array<string | undefined> = [];
  for (const name of ['x-forwarded-for', 'x-real-ip'] as const) {
    const text = headerText(headers[name]);
    if (text !== undefined) for (const entry of text.split(',')) named.push(bareAddress(entry));
  }
  const forwarded = headerText(headers.forwarded);
  if (forwarded !== undefined) {
    for (const element of forwarded.split(',')) {
      const pair = element
        .split(';')
        .map((p) => p.trim())
        .find((p) => p.toLowerCase().startsWith('for='));
      // An element without for= (only by=, proto=...) says nothing about the client: not a proof of loopback.
      named.push(pair ? bareAddress(pair.slice(4)) : undefined);
    }
  }
  return named;
}

/** True only for a loopback socket whose forwarding headers, if any, name loopback clients only. */
export function isLocalClient(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  return forwardedAddresses(request.headers).every((address) => isLoopbackAddress(address));
}
