import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { keepIdleConnections } from "./keep-alive";
import type { TrustProxy } from "./trust-proxy";
import { withClientAddress } from "./with-client-address";

/**
 * The dashboard's HTTP server around a request handler: the client's address set on every
 * request (with-client-address.ts) and idle connections kept longer than its clients keep them
 * (keep-alive.ts).
 */
export function createDashboardServer(handler: (request: IncomingMessage, response: ServerResponse) => unknown, trust: TrustProxy): Server {
  return keepIdleConnections(createServer(withClientAddress(handler, trust)));
}
