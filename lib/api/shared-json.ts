import "server-only";

const encoded = new WeakMap<object, Buffer>();
const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();

// Buffer.from encodes UTF-8 faster than TextEncoder, but a 160 kB list with non-ASCII text still takes about a millisecond.
function encodeMember(member: unknown): Buffer {
  if (typeof member !== "object" || member === null) return Buffer.from(JSON.stringify(member));
  let bytes = encoded.get(member);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(member));
    encoded.set(member, bytes);
  }
  return bytes;
}

/**
 * A JSON response for an envelope whose members are shared between callers: the read cache hands
 * every caller the same envelope until it expires (encoded once as a whole), an unchanged
 * chat-service answer keeps its members (lib/chat/same-answers.ts), and the queue's answer reuses
 * the stored queue's. Each member object is serialized and encoded once, however many envelopes
 * and requests hold it, which matters for the flagged list (about 160 kB of JSON) polled by every
 * moderator. Only for members nobody mutates. The bytes are those of JSON.stringify(envelope).
 */
export function sharedJsonResponse(envelope: Record<string, unknown>): Response {
  let body = bodies.get(envelope);
  if (body === undefined) {
    body = encodeEnvelope(envelope);
    bodies.set(envelope, body);
  }
  return new Response(body, { headers: { "content-type": "application/json" } });
}

function encodeEnvelope(envelope: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [];
  for (const [key, member] of Object.entries(envelope)) {
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    parts.push(Buffer.from(`${parts.length === 0 ? "{" : ","}${JSON.stringify(key)}:`), encodeMember(member));
  }
  parts.push(Buffer.from(parts.length === 0 ? "{}" : "}"));
  // One copy into a body of its own (Buffer.concat, then a Uint8Array for Response, would be two).
  const body = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}
