import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SERVED_BY_HEADER } from "./round-robin";
import { Recorder } from "./scale-recorder";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A loopback server answering each path its own way. */
async function serve(answers: Record<string, (response: ServerResponse) => void>): Promise<string> {
  server = createServer((request, response) => answers[request.url ?? ""]?.(response));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the scale scenario's recorder", () => {
  it("times answers by kind and by the instance that answered, counts 409 as stale, and records other statuses as errors", async () => {
    const url = await serve({
      "/ok": (response) => response.writeHead(200, { [SERVED_BY_HEADER]: "1" }).end("fine"),
      "/stale": (response) => response.writeHead(409, { [SERVED_BY_HEADER]: "0" }).end("changed"),
      "/broken": (response) => response.writeHead(500, { [SERVED_BY_HEADER]: "2" }).end("it broke"),
    });
    const recorder = new Recorder();
    expect(await recorder.send("open", `${url}/ok`)).toEqual({ ok: true, status: 200, text: "fine" });
    await recorder.send("action", `${url}/stale`, { method: "POST" });
    await recorder.send("poll", `${url}/broken`);
    expect(recorder.timings().open.count).toBe(1);
    expect(recorder.timingsByInstance()["1"]?.open.count).toBe(1);
    expect(recorder.stale).toBe(1);
    expect(recorder.errors).toEqual([{ kind: "poll", status: 500, detail: "GET /broken: it broke" }]);
  });

  it("records a request whose connection failed with the failure's cause, not only fetch's own words", async () => {
    const url = await serve({ "/cut": (response) => response.socket?.destroy() });
    const recorder = new Recorder();
    expect(await recorder.send("other", `${url}/cut`, { method: "POST", body: "{}" })).toBeUndefined();
    expect(recorder.errorCount).toBe(1);
    expect(recorder.errors[0]?.detail).toMatch(/^POST \/cut: fetch failed \(.+\)$/);
  });
});
