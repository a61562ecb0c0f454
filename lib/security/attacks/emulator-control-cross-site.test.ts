import { once } from "node:events";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "@/lib/emulator/server";

/**
 * Issue 19 (Low): the demo emulator's control routes (reset, faults, settings, planted content)
 * took POSTs from any web page the user had open, and from other machines when the emulator
 * listened on every interface. They now answer only loopback callers that are not another site's page.
 */
let local: RunningEmulator;
let everywhere: RunningEmulator;

const reset = (base: string, headers: Record<string, string> = {}) => fetch(`${base}/__emulator/reset`, { method: "POST", headers });

/**
 * Sends one raw HTTP request to `emulator` over a real TCP connection whose far end it is told is
 * 192.0.2.10: what it sees of a caller on another machine. A real one would need a network
 * interface besides loopback, which a CI machine may not have, and every address this machine can
 * dial itself is its own. Answers the status and the body.
 */
async function fromAnotherMachine(emulator: RunningEmulator, method: string, path: string): Promise<{ status: number; body: string }> {
  const acceptor = createServer();
  acceptor.listen(0, "127.0.0.1");
  await once(acceptor, "listening");
  const accepted = once(acceptor, "connection") as Promise<[Socket]>;
  const caller = connect((acceptor.address() as AddressInfo).port, "127.0.0.1");
  const [socket] = await accepted;
  acceptor.close();
  Object.defineProperty(socket, "remoteAddress", { value: "192.0.2.10" });
  emulator.server.emit("connection", socket);
  const chunks: Buffer[] = [];
  caller.on("data", (chunk: Buffer) => chunks.push(chunk));
  caller.end(`${method} ${path} HTTP/1.1\r\nHost: emulator.example:4010\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  await once(caller, "close");
  const answer = Buffer.concat(chunks).toString("utf8");
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), body: answer.slice(answer.indexOf("\r\n\r\n") + 4) };
}

describe("the emulator's control routes", () => {
  beforeAll(async () => {
    local = await startEmulator({ port: 0 });
    everywhere = await startEmulator({ port: 0, host: "0.0.0.0" });
  });
  afterAll(async () => Promise.all([local.close(), everywhere.close()]));

  it.each<Record<string, string>>([
    { origin: "https://evil.example" },
    { origin: "null" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
  ])("refuses a request from another site's page (%j)", async (headers) => {
    const response = await reset(local.url, headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("loopback") } });
  });

  it("refuses a caller that is not on this machine's loopback, and still serves it the chat-service API", async () => {
    const refused = await fromAnotherMachine(everywhere, "POST", "/__emulator/reset");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("another machine") } });
    // The chat-service API itself stays reachable, as the real service would be (401: no apikey).
    expect((await fromAnotherMachine(everywhere, "GET", "/v3/users/ana-souza")).status).toBe(401);
  });

  it("answers a loopback tool on any loopback address, and a page of its own origin", async () => {
    expect((await reset(local.url)).status).toBe(200);
    expect((await reset(local.url, { origin: local.url, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await reset(everywhere.url)).status).toBe(200);
    expect((await reset(everywhere.url.replace("127.0.0.1", "127.0.0.2"))).status).toBe(200);
  });
});
