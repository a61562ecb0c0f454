import { once } from "node:events";
import { Agent, request, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { startRouteServer } from "@/lib/testing/route-server";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { KEEP_ALIVE_TIMEOUT_MS } from "./keep-alive";

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
    // The loopback server the attack tests use is made as the production one (createDashboardServer).
    const server = await startRouteServer(async (incoming) => new Response(incoming.headers.get(CLIENT_ADDRESS_HEADER)));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${server.url}/`, agent);
      const second = await get(`${server.url}/`, agent);

      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      expect(first.response.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(second.reused).toBe(true);
      // The client's address is still set from the socket.
      expect(second.body).toBe("127.0.0.1");
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
