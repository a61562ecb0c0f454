import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { Agent, request } from "undici";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/log";
import { declaredContentLength, readCappedBody } from "@/lib/net/read-capped-body";
import { isPublicAddress } from "./address-policy";

/**
 * Where media may come from (lib/env: MEDIA_*). `trustedOrigin` is the emulator's origin in demo
 * mode: the one origin allowed over http on a loopback address; nothing else ever is.
 */
export type MediaPolicy = {
  hosts: readonly string[];
  requireHttps: boolean;
  trustedOrigin?: string;
  maxBytes: number;
  timeoutMs: number;
};

/** Resolves a host name to every address it has (injectable so tests can make a name resolve anywhere). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type FetchedMedia = { contentType: string | undefined; bytes: Buffer; url: string };

export const MAX_MEDIA_REDIRECTS = 3;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refused = (message: string) => new ApiError("ERR_MEDIA_REFUSED", message);

/**
 * Fetches one media URL from a chat message, which a chat user wrote. Every hop (redirects are
 * followed by hand, at most MAX_MEDIA_REDIRECTS) is checked: https (outside demo mode), a
 * configured host, and every address the name resolves to public; the connection is then pinned to
 * the checked address, so a second DNS answer (a rebind) cannot send it elsewhere. One deadline
 * covers the whole chain, and the body is cut off past `maxBytes`.
 */
export async function fetchMedia(url: string, policy: MediaPolicy, resolve: Resolve = systemResolve): Promise<FetchedMedia> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let current = parseUrl(url);
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(current, policy, resolve, signal);
    const response = await get(current, address, policy, signal);
    if (response.status >= 300 && response.status < 400 && response.location !== undefined) {
      if (hop >= MAX_MEDIA_REDIRECTS) throw new ApiError("ERR_MEDIA_UNAVAILABLE", `The media server redirected more than ${MAX_MEDIA_REDIRECTS} times.`);
      current = parseUrl(response.location, current);
      continue;
    }
    if (response.status !== 200) throw new ApiError("ERR_MEDIA_UNAVAILABLE", `The media server answered HTTP ${response.status}.`);
    return { contentType: response.contentType, bytes: response.bytes ?? Buffer.alloc(0), url: current.href };
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw refused("The media address is not a valid URL.");
  }
}

/** `*.example.com` matches every subdomain of example.com (not example.com itself); other entries match exactly. */
export function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((entry) => (entry.startsWith("*.") ? host.endsWith(entry.slice(1)) : host === entry));
}

async function checkedAddress(url: URL, policy: MediaPolicy, resolve: Resolve, signal: AbortSignal): Promise<{ address: string; family: number }> {
  if (url.username || url.password) throw refused("Media addresses with credentials are not fetched.");
  const trusted = policy.trustedOrigin !== undefined && url.origin === policy.trustedOrigin;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && (trusted || !policy.requireHttps))) {
    throw refused(`Media is fetched over https only (not ${url.protocol}).`);
  }
  if (!trusted && !hostAllowed(url.hostname, policy.hosts)) throw refused(`Media from ${url.hostname} is not fetched: it is not a configured media host (MEDIA_HOSTS).`);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await abortable(resolve(hostname), signal).catch(failed);
  const first = addresses[0];
  if (!first) throw new ApiError("ERR_MEDIA_UNAVAILABLE", `The media host ${hostname} has no address.`);
  // The emulator's own origin lives on loopback in demo mode; every other host must be public, on every address it has.
  if (!trusted && !addresses.every((a) => isPublicAddress(a.address))) {
    throw refused(`Media from ${hostname} is not fetched: it resolves to a private or local address.`);
  }
  return first;
}

type HopAnswer = { status: number; location?: string; contentType?: string; bytes?: Buffer };

async function get(url: URL, pinned: { address: string; family: number }, policy: MediaPolicy, signal: AbortSignal): Promise<HopAnswer> {
  // net/tls call this instead of DNS: the connection goes to the address just checked; TLS still verifies the host name.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const agent = new Agent({ connect: { lookup, timeout: policy.timeoutMs }, headersTimeout: policy.timeoutMs, bodyTimeout: policy.timeoutMs });
  try {
    const response = await request(url, { method: "GET", dispatcher: agent, signal, headers: { accept: "*/*" } }).catch(failed);
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (response.statusCode !== 200) {
      discard(response.body);
      return { status: response.statusCode, location: header("location") };
    }
    const declared = declaredContentLength(response.headers["content-length"]);
    if (declared !== undefined && declared > policy.maxBytes) {
      discard(response.body);
      throw tooLarge(policy.maxBytes);
    }
    return { status: 200, contentType: header("content-type"), bytes: await readCappedBody(response.body, { maxBytes: policy.maxBytes, declared, tooLarge: () => tooLarge(policy.maxBytes) }).catch(failed) };
  } finally {
    void agent.close();
  }
}

/** Drops a body without reading it (a redirect's, one over the size cap): the answer is already decided. */
function discard(body: { on(event: "error", listener: (error: unknown) => void): unknown; destroy(): unknown }): void {
  // Destroying an unread body can end it with an abort error, which tells nothing new.
  body.on("error", (error) => log().debug({ err: error }, "a discarded media body ended with an error"));
  body.destroy();
}

const tooLarge = (maxBytes: number) => new ApiError("ERR_MEDIA_TOO_LARGE", `The media file is larger than ${maxBytes} bytes (MEDIA_MAX_BYTES).`);

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Any failure that is not already the route's answer becomes one: a timeout, or an unreachable server. */
function failed(error: unknown): never {
  if (error instanceof ApiError) throw error;
  const name = error instanceof Error ? error.name : "";
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  if (name === "TimeoutError" || name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") {
    throw new ApiError("ERR_MEDIA_TIMEOUT", "The media server did not answer in time.");
  }
  throw new ApiError("ERR_MEDIA_UNAVAILABLE", `The media server could not be reached${typeof code === "string" ? ` (${code})` : ""}.`);
}
