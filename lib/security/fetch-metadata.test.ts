import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./fetch-metadata";

const APP = "https://dashboard.example.com";
const cross = (headers: Record<string, string>) => isCrossSiteRequest(new Headers(headers), APP);

describe("isCrossSiteRequest", () => {
  it("trusts the browser's fetch metadata: same-origin and typed addresses pass, any other site does not", () => {
    expect(cross({ "sec-fetch-site": "same-origin" })).toBe(false);
    expect(cross({ "sec-fetch-site": "none" })).toBe(false);
    expect(cross({ "sec-fetch-site": "same-site" })).toBe(true);
    expect(cross({ "sec-fetch-site": "cross-site" })).toBe(true);
    // Fetch metadata wins over a Referer that could be spoofed only by non-browser clients anyway.
    expect(cross({ "sec-fetch-site": "same-origin", referer: "https://evil.example/" })).toBe(false);
  });

  it("without fetch metadata, lets non-browser clients through unless a Referer names another origin", () => {
    expect(cross({})).toBe(false);
    expect(cross({ referer: `${APP}/admin/audit` })).toBe(false);
    expect(cross({ referer: "https://evil.example/page" })).toBe(true);
    expect(cross({ referer: "http://dashboard.example.com/" })).toBe(true);
    expect(cross({ referer: "not a url" })).toBe(true);
  });
});
