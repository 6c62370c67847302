import ipaddr from "ipaddr.js";
import { TypemcpError } from "../../errors/typemcp-error.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** The proxies whose forwarding headers are believed, and how anonymous callers are grouped. */
export interface ClientAddressPolicy {
  /**
   * Which proxies in front of the server to believe: a hop count (1: the peer is a proxy, the
   * client is the last address it added), or the proxies' addresses and CIDR ranges (`loopback`,
   * `linklocal` and `uniquelocal` name the usual ones). Undefined: none; the peer is the client.
   */
  readonly trustProxy: number | readonly string[] | undefined;
  /** The header the trusted proxies write: `x-forwarded-for` (nginx, most load balancers) or RFC 7239 `forwarded`. */
  readonly proxyHeader: "x-forwarded-for" | "forwarded";
  /** How many leading bits of an IPv6 address name one client: 56 groups a site's whole allocation, 128 counts each address. */
  readonly ipv6Subnet: number;
}

/** A caller's address as everything per caller counts it: `(peer, header) → key`. */
export type ClientAddress = (peer: string | undefined, header: (name: string) => string | null) => string | undefined;

// The ranges proxy-addr (Express) and Fastify name, so a setting reads the same here.
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * The one place a request's caller address is worked out, from the peer the platform reports and,
 * only where `trustProxy` says so, the forwarding header the proxies wrote. A client can write
 * that header too: it is read from the right, and no further than the trusted proxies reach, so a
 * forged entry is never taken for an address (without `trustProxy`, never at all). The result is
 * the caller's key for rate limits, task caps, cached results and stream ownership: an IPv4
 * address, or an IPv6 network of `ipv6Subnet` bits (`2001:db8:0:ab00::/56`), since one client
 * commonly holds a whole /64 or more and would otherwise count as billions of callers.
 * Throws an INVALID_CONFIGURATION error at start-up for a setting it cannot read.
 */
export function clientAddressPolicy(policy: ClientAddressPolicy): ClientAddress {
  const { ipv6Subnet, proxyHeader } = policy;
  if (!Number.isInteger(ipv6Subnet) || ipv6Subnet < 1 || ipv6Subnet > 128)
    throw configError(`ipv6Subnet must be a whole number of bits from 1 to 128, not ${String(ipv6Subnet)}.`);
  const trust = policy.trustProxy;
  if (trust === undefined) return (peer) => groupOf(peer, ipv6Subnet);
  const pick = typeof trust === "number" ? byHops(trust) : byRanges(trust);
  return (peer, header) => {
    if (peer === undefined) return undefined;
    const value = header(proxyHeader);
    const forwarded = value === null ? [] : proxyHeader === "forwarded" ? forwardedFor(value) : value.split(",").map((entry) => entry.trim());
    return groupOf(pick(peer, forwarded), ipv6Subnet);
  };
}

// The address `hops` proxies away from the peer, or the farthest one written when fewer are.
function byHops(hops: number): (peer: string, forwarded: string[]) => string {
  if (!Number.isInteger(hops) || hops < 0) throw configError(`trustProxy must be a whole number of proxies (hops) or a list of their addresses, not ${hops}.`);
  return (peer, forwarded) => {
    let client = peer;
    for (let i = 0; i < hops && i < forwarded.length; i++) {
      const next = forwarded[forwarded.length - 1 - i]!;
      // A trusted proxy writes addresses: anything else came from further out, and is not one.
      if (!isAddress(next)) break;
      client = next;
    }
    return client;
  };
}

// The first address, from the peer outwards, that is not a trusted proxy.
function byRanges(entries: readonly string[]): (peer: string, forwarded: string[]) => string {
  const ranges = entries.flatMap((entry) => (NAMED_RANGES[entry] ?? [entry]).map((text) => toRange(text, entry)));
  const trusted = (address: string): boolean => {
    const parsed = parseStrict(address);
    return parsed !== undefined && ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  };
  return (peer, forwarded) => {
    let client = peer;
    for (let i = forwarded.length - 1; i >= 0 && trusted(client); i--) {
      const next = forwarded[i]!;
      if (!isAddress(next)) break;
      client = next;
    }
    return client;
  };
}

// The `for=` of each element of an RFC 7239 Forwarded header, unquoted, without brackets or port.
function forwardedFor(value: string): string[] {
  const found: string[] = [];
  for (const element of value.split(",")) {
    const pair = element.split(";").find((part) => part.trim().toLowerCase().startsWith("for="));
    let address = pair === undefined ? "" : pair.trim().slice(4).replace(/^"|"$/g, "");
    if (address.startsWith("[")) address = address.slice(1, address.indexOf("]"));
    else if (address.split(":").length === 2) address = address.split(":")[0]!;
    found.push(address);
  }
  return found;
}

// An IPv4 address as is; an IPv4-mapped IPv6 address as its IPv4 address; IPv6 as its network.
function groupOf(address: string | undefined, ipv6Subnet: number): string | undefined {
  if (address === undefined) return undefined;
  // The common case, an IPv4 peer, costs a character scan.
  if (!address.includes(":")) return address;
  const parsed = parseStrict(address);
  if (parsed === undefined) return address;
  if (parsed.kind() === "ipv4") return parsed.toString();
  if (ipv6Subnet === 128) return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6Subnet; bit < 128; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Subnet}`;
}

function isAddress(text: string): boolean {
  return parseStrict(text) !== undefined;
}

// Four-part decimal IPv4 or any IPv6 (mapped IPv4 made IPv4): `0x7f.1` and friends are not addresses here.
function parseStrict(text: string): Address | undefined {
  const bare = text.includes("%") ? text.slice(0, text.indexOf("%")) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return undefined;
  const v6 = ipaddr.IPv6.parse(bare);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

function toRange(text: string, entry: string): Range {
  if (text.includes("/")) {
    if (!ipaddr.isValidCIDR(text)) throw configError(`trustProxy lists "${entry}", which is not an address, a CIDR range or loopback/linklocal/uniquelocal.`);
    return ipaddr.parseCIDR(text);
  }
  const address = parseStrict(text);
  if (address === undefined) throw configError(`trustProxy lists "${entry}", which is not an address, a CIDR range or loopback/linklocal/uniquelocal.`);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

function configError(message: string): TypemcpError {
  return new TypemcpError({ code: "INVALID_CONFIGURATION", message });
}
