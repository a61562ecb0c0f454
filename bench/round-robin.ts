import { Agent, createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The header naming which backend (0-based index) answered: the scale scenario counts each instance's share. */
export const SERVED_BY_HEADER = "x-served-by";

export type RoundRobin = {
  url: string;
  /** Requests sent to each backend so far, by index. */
  sent: number[];
  close(): Promise<void>;
};

/** Hop-by-hop headers describe the client's connection to the proxy, not the proxy's to the backend. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * A small load balancer for the benchmark: each request goes to the next backend in turn, its
 * body and answer streamed both ways (event streams stay open), the `host` header kept as the
 * client sent it, as a reverse proxy in front of several instances does. A backend that cannot be
 * reached is answered 502; a client that goes away ends its backend request too.
 */
export async function startRoundRobin(backends: readonly string[], port: number, host = "127.0.0.1"): Promise<RoundRobin> {
  if (backends.length === 0) throw new Error("a round-robin needs at least one backend");
  const targets = backends.map((backend) => new URL(backend));
  // A new connection per request: a kept-alive one the instance closes as idle (after 5 s) while
  // it is handed the next request fails that request (ECONNRESET), an error of the proxy's, not the dashboard's.
  const agent = new Agent({ keepAlive: false });
  const sent = targets.map(() => 0);
  let next = 0;

  const relay = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next;
    next = (next + 1) % targets.length;
    sent[index] = (sent[index] ?? 0) + 1;
    const target = targets[index] as URL;
    const upstream = forward(
      { agent, hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: endToEnd(incoming.headers) },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: String(index) });
        // Server-Sent Events must reach the client as written, not when a buffer fills.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", (error) => {
      if (!outgoing.headersSent) {
        outgoing.writeHead(502, { "content-type": "text/plain", [SERVED_BY_HEADER]: String(index) });
        outgoing.end(`backend ${index} failed: ${error.message}`);
      } else outgoing.destroy(error);
    });
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) upstream.destroy();
    });
    incoming.pipe(upstream);
  };

  const server = createServer(relay);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
