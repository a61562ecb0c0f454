import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch } from "./api-fetch";
import { makeQueryClient } from "./make-query-client";

/**
 * The browser's own retries, through the real query client and apiFetch against a loopback
 * server that answers each request with the next status and code of a test's script.
 */
let server: Server;
let url = "";
let script: { status: number; code?: string }[] = [];
let asked = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    const answer = script[Math.min(asked, script.length - 1)] ?? { status: 200 };
    asked++;
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.code ? { error: { code: answer.code, message: `failed with ${answer.code}` } } : { data: "ok" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/thing`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Reads once through a fresh client, without pauses between attempts (the delay is not what is checked). */
async function read(answers: typeof script) {
  script = answers;
  asked = 0;
  const outcome = await makeQueryClient()
    .fetchQuery({ queryKey: ["thing"], queryFn: () => apiFetch<{ data: string }>(url), retryDelay: 0 })
    .then((value) => value.data, (error: Error) => error.message);
  return { outcome, asked };
}

describe("a failed read in the browser", () => {
  it("is not asked again when the dashboard passes on the chat service's failure: its client already retried", async () => {
    for (const [status, code] of [
      [502, "ERR_UPSTREAM_SERVER_ERROR"],
      [504, "ERR_UPSTREAM_TIMEOUT"],
      [502, "ERR_UPSTREAM_BAD_RESPONSE"],
      [503, "ERR_UPSTREAM_UNAVAILABLE"],
    ] as const) {
      expect(await read([{ status, code }, { status: 200 }])).toEqual({ outcome: `failed with ${code}`, asked: 1 });
    }
  });

  it("is not asked again after a refusal", async () => {
    expect(await read([{ status: 404, code: "ERR_NOT_FOUND" }, { status: 200 }])).toEqual({ outcome: "failed with ERR_NOT_FOUND", asked: 1 });
  });

  it("is asked again twice after the dashboard's own failure, and succeeds when it recovers", async () => {
    expect(await read([{ status: 503 }, { status: 500, code: "ERR_INTERNAL" }, { status: 200 }])).toEqual({ outcome: "ok", asked: 3 });
    expect(await read([{ status: 500, code: "ERR_INTERNAL" }])).toEqual({ outcome: "failed with ERR_INTERNAL", asked: 3 });
  });
});
