import { isIP } from "node:net";
import { addressBytes, inCidr, type TrustProxy } from "./trust-proxy";

/**
 * The header the dashboard's server sets to the client's address, after removing any copy a
 * client sent (lib/cli/serve.ts). Sign-in limits key on it; nothing else sets it.
 */
export const CLIENT_ADDRESS_HEADER = "x-dashboard-client-ip";

/**
 * One address as a proxy or the socket gives it, in one spelling per address, or null when it is
 * not one. Proxies write a hop bare ("203.0.113.7", "2001:db8::7") or with the port they saw
 * ("203.0.113.7:51234", "[2001:db8::7]:443"); IPv4 mapped into IPv6 is the IPv4 address.
 */
export function hopAddress(text: string): string | null {
  const trimmed = text.trim();
  const written = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(trimmed) ?? /^([\d.]+)(?::(\d{1,5}))?$/.exec(trimmed);
  if (written?.[2] !== undefined && Number(written[2]) > 65_535) return null;
  const address = (written?.[1] ?? trimmed).toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const version = isIP(address);
  if (version === 4) return address;
  // The URL parser writes an IPv6 address in its canonical form (RFC 5952), and refuses zone ids.
  if (version === 6 && !address.includes("%")) return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  return null;
}

/**
 * The client's address: the socket's, unless TRUST_PROXY says which forwarded hop to believe.
 * The forwarded chain is read right to left (each proxy appends the address it received from),
 * through the hops the trusted proxies wrote. A hop that is missing or not an address ends the
 * walk at the last address known (the socket's, or the hop read before it), so a made-up value
 * never picks a bucket of its own, and a proxy's odd spelling never puts all of its clients in one.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string {
  const socket = hopAddress(socketAddress ?? "") ?? socketAddress ?? "unknown";
  if (trust.kind === "off" || forwardedFor === undefined) return socket;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
  let known = socket;
  if (trust.kind === "hops") {
    for (let hop = 1; hop <= trust.hops; hop++) {
      const address = hopAddress(chain[chain.length - hop] ?? "");
      if (!address) return known;
      known = address;
    }
    return known;
  }
  const trusted = (address: string) => {
    const bytes = addressBytes(address);
    return bytes !== null && trust.proxies.some((cidr) => inCidr(bytes, cidr));
  };
  if (!trusted(socket)) return socket;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = hopAddress(chain[i] ?? "");
    if (!address) return known;
    if (!trusted(address)) return address;
    known = address;
  }
  return known;
}
