// TRUST_PROXY (issue 31 §12, DECISIONS §1): whose X-Forwarded-For is read, and which entry of it.
import { describe, expect, test } from "bun:test";
import { clientAddressOf, formatAddress, inRanges, parseAddress, parseAddressRanges } from "./ip-address";

const ranges = (raw: string) => parseAddressRanges(raw)!;

describe("addresses", () => {
  test("IPv4, IPv6 (compressed, with an IPv4 tail, with a zone) and IPv4 through an IPv6 socket", () => {
    expect(formatAddress(parseAddress("203.0.113.7")!)).toBe("203.0.113.7");
    expect(formatAddress(parseAddress("2001:DB8:0:0:0:0:0:1")!)).toBe("2001:db8::1");
    expect(formatAddress(parseAddress("::1")!)).toBe("::1");
    expect(formatAddress(parseAddress("::")!)).toBe("::");
    expect(formatAddress(parseAddress("fe80::1%eth0")!)).toBe("fe80::1");
    expect(formatAddress(parseAddress("::ffff:127.0.0.1")!)).toBe("127.0.0.1");
    expect(formatAddress(parseAddress("64:ff9b::192.0.2.33")!)).toBe("64:ff9b::c000:221");
    expect(formatAddress(parseAddress("1:0:0:2:0:0:0:3")!)).toBe("1:0:0:2::3");
    for (const bad of ["", "localhost", "1.2.3", "1.2.3.4.5", "300.1.1.1", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1.2.3.4::", "unknown"])
      expect({ bad, parsed: parseAddress(bad) }).toEqual({ bad, parsed: null });
  });

  test("ranges: a prefix matches what it covers and nothing else; IPv4 never matches IPv6", () => {
    const r = ranges("10.0.0.0/8,192.168.1.128/25,fd00::/8,::1");
    expect(inRanges(parseAddress("10.255.1.2")!, r)).toBe(true);
    expect(inRanges(parseAddress("11.0.0.1")!, r)).toBe(false);
    expect(inRanges(parseAddress("192.168.1.200")!, r)).toBe(true);
    expect(inRanges(parseAddress("192.168.1.100")!, r)).toBe(false);
    expect(inRanges(parseAddress("fd12::5")!, r)).toBe(true);
    expect(inRanges(parseAddress("fe80::5")!, r)).toBe(false);
    expect(inRanges(parseAddress("::1")!, r)).toBe(true);
    expect(inRanges(parseAddress("::2")!, r)).toBe(false);
    expect(inRanges(parseAddress("::ffff:10.1.1.1")!, r)).toBe(true);
    expect(inRanges(parseAddress("0.0.0.1")!, ranges("::/0"))).toBe(false);
    expect(inRanges(parseAddress("8.8.8.8")!, ranges("0.0.0.0/0"))).toBe(true);
  });
});

describe("the client's address", () => {
  const caddy = ranges("127.0.0.1");
  test("no TRUST_PROXY, or a peer outside it: the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("127.0.0.1", "203.0.113.7", [])).toBe("127.0.0.1");
    expect(clientAddressOf("198.51.100.9", "203.0.113.7", caddy)).toBe("198.51.100.9");
    expect(clientAddressOf("::ffff:198.51.100.9", null, caddy)).toBe("198.51.100.9");
    expect(clientAddressOf(undefined, "203.0.113.7", caddy)).toBe("local");
  });

  test("from a trusted proxy: the right-most entry that is not a trusted proxy (what a client wrote to the left is not read)", () => {
    expect(clientAddressOf("127.0.0.1", "203.0.113.7", caddy)).toBe("203.0.113.7");
    expect(clientAddressOf("127.0.0.1", "6.6.6.6, 203.0.113.7", caddy)).toBe("203.0.113.7");
    const chain = ranges("127.0.0.1,10.0.0.0/8");
    expect(clientAddressOf("127.0.0.1", "6.6.6.6, 2001:db8::7, 10.1.2.3", chain)).toBe("2001:db8::7");
    expect(clientAddressOf("::ffff:127.0.0.1", "203.0.113.7", caddy)).toBe("203.0.113.7");
    // Every entry a proxy: the left-most. No header: the proxy itself.
    expect(clientAddressOf("127.0.0.1", "10.0.0.2, 10.0.0.1", chain)).toBe("10.0.0.2");
    expect(clientAddressOf("127.0.0.1", null, caddy)).toBe("127.0.0.1");
    // An entry that is no address ends the walk at the last trusted hop.
    expect(clientAddressOf("127.0.0.1", "203.0.113.7, unknown", caddy)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", "x, 10.0.0.9", chain)).toBe("10.0.0.9");
  });
});
