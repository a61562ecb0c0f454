import { ApiError } from "./errors";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** No body the API takes is nested more than a few levels; appInfo gets a little room. */
export const MAX_JSON_DEPTH = 32;

/**
 * A request that sent no body at all (no type, no length, not chunked). Its body reaches the route's
 * schema as undefined, which decides whether one was needed (400 naming `body` if so).
 */
export function sentNoBody(request: Request): boolean {
  const headers = request.headers;
  return !headers.has("content-type") && !headers.has("transfer-encoding") && (headers.get("content-length") ?? "0") === "0";
}

/**
 * Reads a JSON body with a size cap and strict UTF-8, before any zod parsing. Oversized bodies stop
 * being read at the cap instead of being buffered whole.
 */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError("ERR_UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readCapped(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("ERR_BAD_REQUEST", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") throw new ApiError("ERR_BAD_REQUEST", "The request body is empty; a JSON object is expected.");
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError("ERR_BAD_REQUEST", `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("ERR_BAD_REQUEST", "The request body is not valid JSON.");
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw clientWentAway(request, error) ? new ApiError("ERR_BAD_REQUEST", "The request ended before its body did.") : error;
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Node fails the body's stream with "aborted" (ECONNRESET) when the client closes its connection
 * mid-body, e.g. a tab closing while a report is on its way. Nothing was done and nobody is left to
 * tell, so it is an incomplete request (400), not a server failure logged as one.
 */
function clientWentAway(request: Request, error: unknown): boolean {
  return request.signal.aborted || (error instanceof Error && (error as NodeJS.ErrnoException).code === "ECONNRESET");
}

/**
 * How deeply arrays and objects nest, counted on the text before parsing: a deep body would
 * otherwise reach recursive code (validation, JSON.stringify on the way to the chat service)
 * and could end in a stack overflow instead of a 400.
 */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

function tooLarge(maxBytes: number) {
  return new ApiError("ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${maxBytes / 1024} KiB.`);
}
