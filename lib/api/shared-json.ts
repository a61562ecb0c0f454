import "server-only";

const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

/**
 * A JSON response for a value the read cache shares between callers (the same object until it
 * expires): serialized and encoded once per cache period instead of once per request, which
 * matters for the flagged list (about 160 kB of JSON) polled by every moderator. Only for values
 * nobody mutates.
 */
export function sharedJsonResponse(value: object): Response {
  let body = bodies.get(value);
  if (body === undefined) {
    body = encoder.encode(JSON.stringify(value));
    bodies.set(value, body);
  }
  return new Response(body, { headers: { "content-type": "application/json" } });
}
