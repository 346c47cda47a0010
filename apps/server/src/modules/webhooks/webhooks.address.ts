import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (issue 26 §3, decision 072): only to public unicast addresses. A URL
 * whose host is — or resolves to — this server's own network is refused: loopback, the
 * private ranges, link-local (169.254.169.254, the cloud metadata service), carrier-grade
 * NAT, unique-local IPv6, multicast, reserved and documentation ranges, and IPv6 forms that
 * carry an IPv4 address (mapped, NAT64, 6to4, Teredo). ipaddr.js names the ranges; anything
 * it does not call `unicast` is refused.
 *
 * The check runs at registration and again at every delivery, inside the connection's own
 * DNS lookup (`safeLookup`): the address checked is the address connected to, so a name
 * that resolves elsewhere later (DNS rebinding) is caught, and redirects are never followed.
 *
 * `allowLoopback` (WEBHOOKS_ALLOW_LOOPBACK, tests and e2e only) lets 127.0.0.0/8 and ::1
 * through and nothing else, so a test's receiver on this machine can be reached.
 */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  const range = ip.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

/** A refusal whose sentence may be shown to the owner (it names no internal detail). */
export class BlockedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

export const PRIVATE_REFUSAL =
  'This URL points at a private or local network address, which webhooks may not be sent to. Use a public address.';

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Resolves a name to every address it has (as a connection would see them). */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });
}

/**
 * Registration's check of a URL: a sentence saying why it is refused, or null. A name must
 * resolve, and every address it resolves to must be allowed.
 */
export async function refuseUrl(raw: string, allowLoopback: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL starting with https://.';
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    return 'Use an https:// URL: deliveries carry buyers’ names and emails.';
  }
  if (url.username || url.password) {
    return 'Leave the user name and password out of the URL: each delivery is signed with the endpoint’s secret instead.';
  }
  const host = hostOf(url);
  if (isIP(host)) return addressAllowed(host, allowLoopback) ? null : PRIVATE_REFUSAL;
  if (host === 'localhost' || host.endsWith('.localhost')) return PRIVATE_REFUSAL;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return `The host ${host} could not be found. Check the URL.`;
  }
  if (addresses.length === 0) return `The host ${host} could not be found. Check the URL.`;
  return addresses.every((a) => addressAllowed(a.address, allowLoopback)) ? null : PRIVATE_REFUSAL;
}

/**
 * The DNS lookup a delivery's connection uses: the name is resolved here, every address is
 * checked, and the connection is made to a checked one — never to an address that was not
 * seen. Answers as `dns.lookup` would (one address, or all when asked).
 */
export function safeLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (err, all) => {
      if (err) return callback(err, '', 0);
      if (all.length === 0 || !all.every((a) => addressAllowed(a.address, allowLoopback))) {
        return callback(new BlockedAddressError(PRIVATE_REFUSAL), '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, all);
      const first = all[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * A delivery's check of an IP literal host (Node connects to those without any lookup, so
 * `safeLookup` would never see them).
 */
export function literalRefused(url: URL, allowLoopback: boolean): boolean {
  const host = hostOf(url);
  return isIP(host) !== 0 && !addressAllowed(host, allowLoopback);
}
