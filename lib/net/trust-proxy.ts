import { isIP } from "node:net";
import { z } from "zod";

/** Which forwarded hop to believe: none, the one `hops` proxies in front, or the first not in `proxies`. */
export type TrustProxy = { kind: "off" } | { kind: "hops"; hops: number } | { kind: "proxies"; proxies: Cidr[] };
export type Cidr = { bytes: Uint8Array; prefix: number };

const MAX_HOPS = 10;

/** An IPv4 or IPv6 address as bytes (an IPv4-mapped IPv6 address as IPv4), or null when it is not one. */
export function addressBytes(text: string): Uint8Array | null {
  const address = text.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const version = isIP(address);
  if (version === 4) return Uint8Array.from(address.split(".").map(Number));
  if (version !== 6) return null;
  const [head = "", tail = ""] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = address.includes("::") ? groups(tail) : [];
  // An embedded IPv4 tail counts as two groups.
  const expand = (list: string[]) =>
    list.flatMap((g) => (g.includes(".") ? (([a = 0, b = 0, c = 0, d = 0]) => [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)])(g.split(".").map(Number)) : [g]));
  const l = expand(left);
  const r = expand(right);
  const all = [...l, ...Array<string>(8 - l.length - r.length).fill("0"), ...r];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    const n = Number.parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 255;
  });
  return bytes;
}

export function inCidr(bytes: Uint8Array, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if (((bytes[bit >> 3] ?? 0) & mask) !== ((cidr.bytes[bit >> 3] ?? 0) & mask)) return false;
  }
  return true;
}

function parseCidr(text: string): Cidr | null {
  const [address = "", prefixText, ...rest] = text.trim().split("/");
  const bytes = addressBytes(address);
  if (!bytes || rest.length) return null;
  const max = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { bytes, prefix: Number(prefixText) };
}

/**
 * TRUST_PROXY: empty, "false" or "0" (the default: the socket's address is the client's), a hop
 * count ("1" behind one reverse proxy), or a comma list of proxy addresses or CIDR ranges.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default("")
  .transform((value, ctx): TrustProxy => {
    if (value === "" || value === "false" || value === "0") return { kind: "off" };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_HOPS) return { kind: "hops", hops };
      ctx.addIssue({ code: "custom", message: `expected at most ${MAX_HOPS} hops` });
      return z.NEVER;
    }
    const proxies = value.split(",").map((entry) => ({ entry: entry.trim(), cidr: parseCidr(entry) }));
    const wrong = proxies.find((p) => !p.cidr);
    if (wrong) {
      ctx.addIssue({ code: "custom", message: `"${wrong.entry.slice(0, 60)}" is not an address or CIDR range (expected a hop count like 1, or a comma list of proxy addresses)` });
      return z.NEVER;
    }
    return { kind: "proxies", proxies: proxies.flatMap((p) => (p.cidr ? [p.cidr] : [])) };
  });
