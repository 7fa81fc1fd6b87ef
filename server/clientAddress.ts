import type { Context } from 'hono';

/**
 * The caller's address as each runtime hands it over: @hono/node-server puts
 * the Node request in `env.incoming`, our Deno entry passes `remoteAddr`.
 */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; remoteAddr?: { hostname?: string } }
    | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.remoteAddr?.hostname;
}

/*
 * Behind proxies, X-Forwarded-For reads "client, proxy1, proxy2": each proxy
 * APPENDS the address it was called from. Only the entries our own proxies
 * appended can be believed; everything to their left is whatever the caller
 * wrote. With N trusted proxies in front of the gateway, the N-th entry from
 * the right is the address the outermost of them saw: the real caller. (The
 * leftmost entry, which this gateway used to take, is the caller's own say.)
 */

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text.toLowerCase();
  // An embedded IPv4 ending (::ffff:192.0.2.1) is two groups written another way.
  const lastColon = address.lastIndexOf(':');
  const v4 = address.slice(lastColon + 1);
  if (v4.includes('.')) {
    if (lastColon === -1 || !isIPv4(v4)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!head || !rest) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...rest];
}

/**
 * The rate-limit key for an address, or undefined when the text is no IP
 * address. IPv4 as written; IPv6 by its /64 network, since one home or phone
 * is handed a whole /64 and could otherwise take a fresh address per request.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d, as Node reports IPv4 on a dual-stack
 * socket) keys as the IPv4 address.
 */
export function clientKey(address: string): string | undefined {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return undefined;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/**
 * Who is calling, for the rate limit. With `trustedHops` proxies in front
 * (0: none, the socket's peer is the caller), the N-th X-Forwarded-For entry
 * from the right, when it is a valid IP address. A request that did not come
 * through that many proxies, or whose entry is not an address, is keyed by
 * its socket peer: never by text the caller chose.
 */
export function callerKey(forwardedFor: string | undefined, peer: string | undefined, trustedHops: number): string {
  const peerKey = (peer && clientKey(peer)) || 'unknown';
  if (trustedHops <= 0 || !forwardedFor) return peerKey;
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  if (entries.length < trustedHops) return peerKey;
  const entry = entries[entries.length - trustedHops] ?? '';
  return clientKey(entry) ?? peerKey;
}
