import type { Server } from "node:http";

/**
 * How long an idle kept-alive connection stays open. Node's default, 5 s, is shorter than the idle
 * timeouts of the load balancers in front of a server (60 s on the common ones) and no longer than
 * a client's: when both ends give up at about the same moment, the client sends a request on a
 * socket the server is closing and gets a reset instead of an answer (a moderator's action whose
 * outcome is then unknown). Keeping it longer than theirs leaves the closing to the client.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Keeps `server`'s idle connections for KEEP_ALIVE_TIMEOUT_MS. A request's headers may take as long,
 * so a client that opens a connection and waits is not cut off first. (No server-only fence: the
 * emulator's own process, `npm run emulator`, uses it too.)
 */
export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
