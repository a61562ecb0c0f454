import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TrustProxy } from "@/lib/net/trust-proxy";
import { createDashboardServer } from "@/lib/net/dashboard-server";
import { APP_URL } from "./harness";

export type RouteHandler = (request: Request) => Promise<Response>;

async function toRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(req.url ?? "/", APP_URL), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, signal });
}

/** Writes a route's Response as Next does: each chunk waits for the socket to drain; a dropped stream destroys the socket. */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  res.writeHead(response.status, headers.flat());
  if (!response.body) return void res.end();
  const closed = once(res, "close");
  await response.body
    .pipeTo(
      new WritableStream<Uint8Array>({
        async write(chunk) {
          if (!res.write(chunk)) await Promise.race([once(res, "drain"), closed]);
        },
        close: () => void res.end(),
        abort: () => void res.destroy(),
      }),
    )
    .catch(() => res.destroy());
}

/**
 * A real HTTP server on loopback in front of route handlers called in-process (the harness's
 * world): the production server's own (lib/net/dashboard-server.ts), with Next's stream backpressure,
 * for attacks that need sockets: forged forwarded addresses, clients that never read.
 * `socketPath`: listen on a Unix socket instead, whose kernel buffer is a fixed ~200 KB: loopback
 * TCP grows its buffers to megabytes as it sees fit, so how much an unread client absorbs before
 * the server's own queue grows would differ from run to run.
 */
export async function startRouteServer(handle: RouteHandler, trust: TrustProxy = { kind: "off" }, socketPath?: string) {
  const server = createDashboardServer((req: IncomingMessage, res: ServerResponse) => {
    const gone = new AbortController();
    res.once("close", () => gone.abort());
    void toRequest(req, gone.signal)
      .then(handle)
      .then((response) => writeResponse(response, res))
      .catch(() => res.destroy());
  }, trust);
  if (socketPath) server.listen(socketPath);
  else server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: socketPath ? "http://localhost" : `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
