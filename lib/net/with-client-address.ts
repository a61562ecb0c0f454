import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";
import type { TrustProxy } from "./trust-proxy";

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * Wraps the app's request handler so every request carries the client's address in
 * CLIENT_ADDRESS_HEADER, computed here from the socket and TRUST_PROXY; a copy the client sent
 * is replaced, so no request picks its own address. X-Forwarded-For is left as received.
 */
export function withClientAddress(handler: NodeHandler, trust: TrustProxy): NodeHandler {
  return (request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], trust);
    return handler(request, response);
  };
}
