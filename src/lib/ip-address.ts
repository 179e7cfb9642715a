// IP addresses and CIDR ranges (TRUST_PROXY, DECISIONS §1, issue 31 §12): parsed to bytes,
// compared by prefix, written in one spelling; and the client's address from a peer and its
// X-Forwarded-For. Pure: the request's side is src/http/client-address.ts.

/** One TRUST_PROXY entry: an address or a CIDR range, as 4 (IPv4) or 16 (IPv6) bytes and a prefix length. */
export interface AddressRange {
  bytes: Uint8Array;
  prefix: number;
}

function parseV4(text: string): Uint8Array | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return null;
  const parts = text.split(".").map(Number);
  return parts.every((n) => n <= 255) ? Uint8Array.from(parts) : null;
}

function parseV6(text: string): Uint8Array | null {
  const zone = text.indexOf("%");
  const bare = zone >= 0 ? text.slice(0, zone) : text;
  if (!/^[0-9a-fA-F:.]+$/.test(bare) || bare.split("::").length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseV4(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const [head, tail] = bare.split("::") as [string, string | undefined];
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  if (!front || !back) return null;
  // An IPv4 part only at the very end.
  if (tail !== undefined && head.includes(".")) return null;
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...new Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

/** "203.0.113.7", "2001:db8::1", "::ffff:203.0.113.7" (an IPv4 seen through an IPv6 socket: its 4 bytes) → bytes; anything else → null. */
export function parseAddress(text: string): Uint8Array | null {
  const trimmed = text.trim();
  const v4 = parseV4(trimmed);
  if (v4) return v4;
  const v6 = trimmed.includes(":") ? parseV6(trimmed) : null;
  if (!v6) return null;
  const mapped = v6.subarray(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff;
  return mapped ? v6.slice(12) : v6;
}

/** The one spelling of an address: dotted IPv4, or IPv6 with its longest run of zero groups as "::" (RFC 5952). */
export function formatAddress(bytes: Uint8Array): string {
  if (bytes.length === 4) return [...bytes].join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}

/** TRUST_PROXY's value: comma-separated addresses or CIDR ranges (IPv4 and IPv6); null when any entry is not one. */
export function parseAddressRanges(raw: string): AddressRange[] | null {
  const ranges: AddressRange[] = [];
  for (const entry of raw.split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    const [address, prefixText, extra] = entry.split("/");
    if (extra !== undefined) return null;
    const bytes = parseAddress(address!);
    if (!bytes) return null;
    const bits = bytes.length * 8;
    if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    // "::ffff:10.0.0.0/104" is 10.0.0.0/8 once the address is read as IPv4.
    const adjusted = bytes.length === 4 && address!.includes(":") && prefixText !== undefined ? prefix - 96 : prefix;
    if (adjusted < 0 || adjusted > bits) return null;
    ranges.push({ bytes, prefix: adjusted });
  }
  return ranges.length ? ranges : null;
}

export function inRanges(address: Uint8Array, ranges: readonly AddressRange[]): boolean {
  return ranges.some(({ bytes, prefix }) => {
    if (bytes.length !== address.length) return false;
    const whole = prefix >> 3;
    for (let i = 0; i < whole; i++) if (bytes[i] !== address[i]) return false;
    const rest = prefix & 7;
    if (rest === 0) return true;
    const mask = (0xff << (8 - rest)) & 0xff;
    return (bytes[whole]! & mask) === (address[whole]! & mask);
  });
}

/**
 * The client's address from the peer's and the X-Forwarded-For header. Only a trusted peer's
 * header is read, right to left: each proxy appends the address it was reached from, so the
 * first entry that is not a trusted proxy is the client (what stands left of it, the client
 * could have written). An entry that is no address ends the walk at the last trusted hop.
 */
export function clientAddressOf(peer: string | null | undefined, forwardedFor: string | null, trusted: readonly AddressRange[]): string {
  const peerBytes = peer ? parseAddress(peer) : null;
  if (!peerBytes) return peer || "local";
  let client = peerBytes;
  if (trusted.length && forwardedFor && inRanges(peerBytes, trusted)) {
    const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseAddress(hops[i]!);
      if (!hop) break;
      client = hop;
      if (!inRanges(hop, trusted)) break;
    }
  }
  return formatAddress(client);
}
