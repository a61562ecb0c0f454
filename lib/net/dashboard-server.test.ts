import { once } from "node:events";
import { Agent, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { createDashboardServer, KEEP_ALIVE_TIMEOUT_MS } from "./dashboard-server";

const servers: ReturnType<typeof createDashboardServer>[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  }
});

async function get(url: string, agent: Agent): Promise<{ response: IncomingMessage; body: string; reused: boolean }> {
  const sent = request(url, { agent });
  sent.end();
  const [response] = (await once(sent, "response")) as [IncomingMessage];
  let body = "";
  for await (const chunk of response) body += String(chunk);
  return { response, body, reused: sent.reusedSocket };
}

describe("the dashboard's server", () => {
  it("keeps an idle connection open for longer than a load balancer's or client's 60 s, and says so", async () => {
    const server = createDashboardServer((incoming, response) => response.end(String(incoming.headers[CLIENT_ADDRESS_HEADER])), { kind: "off" });
    servers.push(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });

    const first = await get(url, agent);
    const second = await get(url, agent);
    agent.destroy();

    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(first.response.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(second.reused).toBe(true);
    // The client's address is still set from the socket.
    expect(second.body).toBe("127.0.0.1");
  });
});
