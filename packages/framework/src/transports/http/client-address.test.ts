import { describe, expect, test } from "vitest";
import { clientAddressPolicy, type ClientAddressPolicy } from "./client-address.js";

const headers =
  (values: Record<string, string>) =>
  (name: string): string | null =>
    values[name] ?? null;
const none = headers({});
const policy = (settings: Partial<ClientAddressPolicy>) =>
  clientAddressPolicy({ trustProxy: undefined, proxyHeader: "x-forwarded-for", ipv6Subnet: 56, ...settings });

describe("the caller's address", () => {
  test("is the peer's without trustProxy, whatever X-Forwarded-For or Forwarded a client writes", () => {
    const address = policy({});
    expect(address("203.0.113.7", headers({ "x-forwarded-for": "198.51.100.1" }))).toBe("203.0.113.7");
    expect(
      clientAddressPolicy({ trustProxy: undefined, proxyHeader: "forwarded", ipv6Subnet: 56 })("203.0.113.7", headers({ forwarded: "for=198.51.100.1" })),
    ).toBe("203.0.113.7");
    expect(address(undefined, none)).toBeUndefined();
  });

  test("groups IPv6 callers by /56 by default, and by the bits ipv6Subnet gives", () => {
    const address = policy({});
    expect(address("2001:db8:1:ab12::1", none)).toBe("2001:db8:1:ab00::/56");
    expect(address("2001:db8:1:abff:ffff::9", none)).toBe("2001:db8:1:ab00::/56");
    expect(address("2001:db8:1:ac00::1", none)).toBe("2001:db8:1:ac00::/56");
    expect(policy({ ipv6Subnet: 64 })("2001:db8:1:ab12::1", none)).toBe("2001:db8:1:ab12::/64");
    expect(policy({ ipv6Subnet: 128 })("2001:db8:1:ab12::1", none)).toBe("2001:db8:1:ab12::1");
  });

  test("takes an IPv4-mapped IPv6 peer (a dual-stack listener's) as its IPv4 address", () => {
    expect(policy({})("::ffff:192.0.2.5", none)).toBe("192.0.2.5");
  });

  test("with a hop count, is the address that many proxies out, read from the right", () => {
    const one = policy({ trustProxy: 1 });
    // nginx appends the address it saw: a client's own entries stand to the left of it.
    expect(one("127.0.0.1", headers({ "x-forwarded-for": "10.9.9.9, 198.51.100.1" }))).toBe("198.51.100.1");
    expect(one("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(one("127.0.0.1", none)).toBe("127.0.0.1");
    expect(policy({ trustProxy: 2 })("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.3, 10.0.0.2" }))).toBe("198.51.100.3");
  });

  test("never takes a forwarded entry that is not an address, so no made-up value becomes a key", () => {
    expect(policy({ trustProxy: 1 })("127.0.0.1", headers({ "x-forwarded-for": "not-an-ip" }))).toBe("127.0.0.1");
    expect(policy({ trustProxy: 2 })("127.0.0.1", headers({ "x-forwarded-for": "0x7f.1, 198.51.100.4" }))).toBe("198.51.100.4");
  });

  test("with a list of proxies, is the first address from the peer outwards that is not one of them", () => {
    const address = policy({ trustProxy: ["loopback", "10.0.0.0/8"] });
    expect(address("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.9, 10.1.2.3" }))).toBe("198.51.100.9");
    // The peer itself is no trusted proxy: its header is a client's, and not read.
    expect(address("198.51.100.10", headers({ "x-forwarded-for": "203.0.113.1" }))).toBe("198.51.100.10");
    expect(address("127.0.0.1", headers({ "x-forwarded-for": "2001:db8:5:5::1" }))).toBe("2001:db8:5::/56");
  });

  test("reads RFC 7239 Forwarded when told to, with quotes, brackets and ports", () => {
    const address = clientAddressPolicy({ trustProxy: 1, proxyHeader: "forwarded", ipv6Subnet: 56 });
    expect(address("127.0.0.1", headers({ forwarded: 'for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711"' }))).toBe("2001:db8:cafe::/56");
    expect(address("127.0.0.1", headers({ forwarded: "for=192.0.2.43:8080" }))).toBe("192.0.2.43");
    expect(address("127.0.0.1", headers({ forwarded: "for=unknown" }))).toBe("127.0.0.1");
  });

  test("refuses a setting it cannot read at start-up, saying which", () => {
    expect(() => policy({ trustProxy: ["10.0.0.0/33"] })).toThrow(
      'trustProxy lists "10.0.0.0/33", which is not an address, a CIDR range or loopback/linklocal/uniquelocal.',
    );
    expect(() => policy({ trustProxy: ["proxy.internal"] })).toThrow(/"proxy\.internal"/);
    expect(() => policy({ trustProxy: -1 })).toThrow("trustProxy must be a whole number of proxies (hops) or a list of their addresses, not -1.");
    expect(() => policy({ ipv6Subnet: 0 })).toThrow("ipv6Subnet must be a whole number of bits from 1 to 128, not 0.");
  });
});
