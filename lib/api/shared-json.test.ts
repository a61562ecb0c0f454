import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, sharedJsonResponse } from "./shared-json";

const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: `m-${i}`, text: "a flagged message" })) };
const requestWith = (acceptEncoding?: string) => new Request("http://localhost/api/review/queue", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("sharedJsonResponse", () => {
  it("sends a browser that accepts gzip the compressed JSON, and says so", async () => {
    const response = sharedJsonResponse(big, requestWith("gzip, deflate, br"));
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("accept-encoding");
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8"))).toEqual(big);
  });

  it("sends plain JSON to a client that does not accept gzip, and for a small body", async () => {
    for (const response of [sharedJsonResponse(big, requestWith()), sharedJsonResponse(big, requestWith("gzip;q=0, br")), sharedJsonResponse({ ok: true }, requestWith("gzip"))]) {
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("content-type")).toBe("application/json");
    }
    expect(await sharedJsonResponse(big, requestWith("identity")).json()).toEqual(big);
  });

  it("reads Accept-Encoding as browsers and proxies write it", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip; q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000")).toBe(false);
    expect(acceptsGzip("x-gzip, deflate")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
