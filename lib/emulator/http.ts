import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest, EmulatorError, errorBody } from "./errors";

const MAX_BODY_BYTES = 1024 * 1024;

/** Writes a JSON answer; `body` may already be serialised (a Buffer, for cached responses). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": typeof payload === "string" ? Buffer.byteLength(payload) : payload.length,
    ...headers,
  });
  res.end(payload);
}

export function sendError(res: ServerResponse, error: EmulatorError): void {
  sendJson(res, error.status, errorBody(error), error.headers);
}

/** The request body parsed as JSON; undefined when there is none. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk);
  }
  if (tooLarge) throw new EmulatorError(413, "ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

/** A header's single value; node joins repeated unknown headers with ", ". */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
