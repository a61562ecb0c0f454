import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./headers";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("the pages' Content-Security-Policy", () => {
  it("loads images only from the dashboard itself and inline data: URIs, never from another host", () => {
    const policy = contentSecurityPolicy("nonce-1", { development: false });
    expect(directive(policy, "img-src")).toBe("img-src 'self' data:");
    expect(policy).not.toMatch(/img-src[^;]*https:/);
  });
});
