import { describe, expect, it } from "vitest";
import { sharedJsonResponse } from "./shared-json";

const body = async (envelope: Record<string, unknown>) => new Uint8Array(await sharedJsonResponse(envelope).arrayBuffer());
const stringified = (envelope: Record<string, unknown>) => new Uint8Array(Buffer.from(JSON.stringify(envelope)));

describe("a shared JSON response", () => {
  it("is byte for byte JSON.stringify of the envelope, whatever its members", async () => {
    const envelopes: Record<string, unknown>[] = [
      {},
      { data: [{ text: "héllo 👋 \u2028 \"quoted\" <b>" }], meta: { current: { limit: 50, count: 1 } } },
      { skipped: undefined, run: () => 1, n: 0, s: "x", t: true, nothing: null, at: new Date(0), list: [undefined, 1] },
      { "key with \"quotes\"": { nested: { deeper: [1, 2, 3] } } },
    ];
    for (const envelope of envelopes) expect(await body(envelope)).toEqual(stringified(envelope));
  });

  it("is JSON, and encodes a member once however many envelopes hold it", async () => {
    const data = Object.freeze([{ id: "m1" }]);
    const first = sharedJsonResponse({ data, fetchedAt: 1 });
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(await first.json()).toEqual({ data: [{ id: "m1" }], fetchedAt: 1 });
    // A getter counts how often the member is serialized.
    let reads = 0;
    const counted = {
      get id() {
        reads += 1;
        return "m2";
      },
    };
    for (let i = 0; i < 3; i++) expect(await sharedJsonResponse({ data: counted, fetchedAt: i }).json()).toEqual({ data: { id: "m2" }, fetchedAt: i });
    expect(reads).toBe(1);
  });
});
