import ipaddr from 'ipaddr.js';

/**
 * The key one client address's new places are counted under (decision 054): an IPv4
 * address as it is, an IPv6 address by its /64 network (one home or phone is given a whole
 * /64, so counting single IPv6 addresses would let one device take endless places), an
 * IPv4-mapped IPv6 address as its IPv4 address. The address is the one Fastify reports,
 * which follows TRUST_PROXY.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, 64);
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/** The start of the minute `now` is in: places are counted per address and minute. */
export const minuteOf = (now: Date): Date => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
