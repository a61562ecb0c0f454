import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** proxy.ts as a fresh process with these settings would run it. */
async function proxyWith(env: Record<string, string>) {
  Object.assign(process.env, { CHAT_API_KEY: "", APP_URL: "http://localhost:3000", ...env });
  vi.resetModules();
  return (await import("@/proxy")).proxy;
}

const signedIn = (url: string) => new NextRequest(url, { headers: { cookie: "better-auth.session_token=abc.def" } });
const directives = (policy: string | null) => new Map((policy ?? "").split(/;\s*/).map((d) => [d.split(" ")[0], d] as const));

describe("proxy.ts", () => {
  it("gives each page its own nonce-based policy, on the response and on the request Next renders", async () => {
    const proxy = await proxyWith({ NODE_ENV: "production" });
    const first = proxy(signedIn("http://localhost:3000/users"));
    const second = proxy(signedIn("http://localhost:3000/users"));
    const policy = first.headers.get("content-security-policy");
    const d = directives(policy);
    expect(d.get("script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/);
    expect(policy).not.toContain("unsafe-eval");
    for (const exact of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'", "connect-src 'self'"]) {
      expect(d.get(exact.split(" ")[0])).toBe(exact);
    }
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    // NextResponse.next({ request: { headers } }) passes request headers on as x-middleware-request-*.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("allows eval only in development, for React's dev tooling", async () => {
    const proxy = await proxyWith({ NODE_ENV: "development" });
    expect(directives(proxy(signedIn("http://localhost:3000/")).headers.get("content-security-policy")).get("script-src")).toContain("'unsafe-eval'");
  });

  it("sends Strict-Transport-Security only in production behind an https APP_URL", async () => {
    const https = await proxyWith({ NODE_ENV: "production", APP_URL: "https://dashboard.example.com" });
    expect(https(signedIn("https://dashboard.example.com/")).headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}/);
    const http = await proxyWith({ NODE_ENV: "production" });
    expect(http(signedIn("http://localhost:3000/")).headers.get("strict-transport-security")).toBeNull();
    const dev = await proxyWith({ NODE_ENV: "development", APP_URL: "https://dashboard.example.com" });
    expect(dev(signedIn("https://dashboard.example.com/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("sends signed-out visitors to sign-in with the page to return to, and lets the sign-in page through with its policy", async () => {
    const proxy = await proxyWith({ NODE_ENV: "production" });
    const redirected = proxy(new NextRequest("http://localhost:3000/admin/api-keys?scope=authOnly"));
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get("location")).toBe("http://localhost:3000/sign-in?next=%2Fadmin%2Fapi-keys%3Fscope%3DauthOnly");
    expect(proxy(new NextRequest("http://localhost:3000/")).headers.get("location")).toBe("http://localhost:3000/sign-in");
    const signIn = proxy(new NextRequest("http://localhost:3000/sign-in"));
    expect(signIn.headers.get("location")).toBeNull();
    expect(signIn.headers.get("content-security-policy")).toContain("'strict-dynamic'");
  });
});
