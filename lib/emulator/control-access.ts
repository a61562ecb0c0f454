import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { EmulatorError } from "./errors";

/** 127.0.0.0/8, ::1, and IPv4 loopback as an IPv6-mapped address (a dual-stack listener). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

/**
 * The control routes reset the seed, inject faults and plant content without an apikey, so only
 * tools on this machine may call them: never another host (the emulator may listen on every
 * interface), and never a web page of another origin that the browser lets post here (a form or a
 * no-cors fetch carries Origin and Sec-Fetch-Site; command-line tools send neither).
 */
export function assertControlAllowed(req: IncomingMessage): void {
  const refuse = (why: string) => new EmulatorError(403, "ERR_FORBIDDEN", `The emulator's control routes answer only loopback tools: ${why}.`);
  if (!isLoopbackAddress(req.socket.remoteAddress)) throw refuse("this request came from another machine");
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") throw refuse(`this request came from a ${String(site)} page`);
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(req)) throw refuse(`this request came from a page of ${origin}`);
}

const ownOrigin = (req: IncomingMessage) => `http://${req.headers.host ?? ""}`;
