import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SERVED_BY_HEADER, startRoundRobin, type RoundRobin } from "./round-robin";

/** A real loopback server answering with its name, what it was sent, and the host it was asked for. */
async function backend(name: string, onRequest?: (res: ServerResponse) => boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (onRequest?.(res)) return;
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      res.writeHead(201, { "content-type": "application/json", "x-backend": name });
      res.end(JSON.stringify({ name, method: req.method, path: req.url, host: req.headers.host, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const closers: (() => Promise<void>)[] = [];
const closeServer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function proxyOver(urls: string[]): Promise<RoundRobin> {
  const proxy = await startRoundRobin(urls, 0);
  closers.push(() => proxy.close());
  return proxy;
}

describe("startRoundRobin", () => {
  it("sends each request to the next backend in turn, with its method, path, body and host", async () => {
    const a = await backend("a");
    const b = await backend("b");
    closers.push(closeServer(a.server), closeServer(b.server));
    const proxy = await proxyOver([a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxy.url}/api/thing?n=${i}`, { method: "POST", body: `body ${i}` });
      expect(response.status).toBe(201);
      expect(response.headers.get("x-backend")).toBe(i % 2 === 0 ? "a" : "b");
      expect(response.headers.get(SERVED_BY_HEADER)).toBe(String(i % 2));
      answers.push(await response.json());
    }
    expect(answers[1]).toEqual({ name: "b", method: "POST", path: "/api/thing?n=1", host: new URL(proxy.url).host, body: "body 1" });
    expect(proxy.sent).toEqual([2, 2]);
  });

  it("answers 502 naming the backend when it cannot be reached, and goes on to the next", async () => {
    const a = await backend("a");
    const gone = await backend("gone");
    closers.push(closeServer(a.server));
    await new Promise((resolve) => gone.server.close(resolve));
    const proxy = await proxyOver([gone.url, a.url]);
    const refused = await fetch(`${proxy.url}/x`);
    expect(refused.status).toBe(502);
    expect(await refused.text()).toMatch(/^backend 0 failed/);
    expect((await fetch(`${proxy.url}/x`)).status).toBe(201);
  });

  it("streams an answer as written and ends the backend's request when the client goes away", async () => {
    let backendClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (backendClosed = resolve));
    const stream = await backend("stream", (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: hello\ndata: {}\n\n");
      res.on("close", backendClosed);
      return true;
    });
    closers.push(closeServer(stream.server));
    const proxy = await proxyOver([stream.url]);
    const controller = new AbortController();
    const response = await fetch(`${proxy.url}/events`, { signal: controller.signal });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe("event: hello\ndata: {}\n\n");
    controller.abort();
    await closed;
  });
});
