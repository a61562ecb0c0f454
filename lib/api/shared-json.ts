import "server-only";
import { gzipSync } from "node:zlib";

type Encoded = { plain: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> };

const bodies = new WeakMap<object, Encoded>();
const encoder = new TextEncoder();
/** Below this, compressing costs more than it saves (Next's own compression has the same threshold). */
const GZIP_MIN_BYTES = 1024;

/**
 * A JSON response for a value the read cache shares between callers (the same object until it
 * expires): serialized, encoded and, for browsers, compressed once per cache period instead of
 * once per request (Next would otherwise gzip the same 60–160 kB for every moderator's poll).
 * Only for values nobody mutates.
 */
export function sharedJsonResponse(value: object, request: Request): Response {
  let encoded = bodies.get(value);
  if (encoded === undefined) {
    encoded = { plain: encoder.encode(JSON.stringify(value)) };
    bodies.set(value, encoded);
  }
  const headers = { "content-type": "application/json", vary: "accept-encoding" };
  if (encoded.plain.byteLength >= GZIP_MIN_BYTES && acceptsGzip(request.headers.get("accept-encoding"))) {
    encoded.gzip ??= new Uint8Array(gzipSync(encoded.plain));
    return new Response(encoded.gzip, { headers: { ...headers, "content-encoding": "gzip" } });
  }
  return new Response(encoded.plain, { headers });
}

/** Whether an Accept-Encoding header lists gzip without refusing it (`q=0`). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    return name === "gzip" && !params.some((param) => /^q=0(\.0{0,3})?$/.test(param.replaceAll(" ", "")));
  });
}
