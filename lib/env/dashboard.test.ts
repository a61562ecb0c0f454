import { describe, expect, it } from "vitest";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { resolveDashboardConfig } from "./dashboard";

describe("dashboard configuration", () => {
  it("runs in demo mode against the emulator with no configuration", () => {
    const config = resolveDashboardConfig({});
    expect(config.chat).toMatchObject({ mode: "emulator", baseUrl: "http://127.0.0.1:4010/v3", apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 10_000 });
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.require2fa).toBe("off");
  });

  it("derives the service address from app id and region", () => {
    const config = resolveDashboardConfig({ CHAT_APP_ID: "abc123", CHAT_REGION: "eu", CHAT_API_KEY: "k", AUTH_SECRET: "x".repeat(32) });
    expect(config.chat).toMatchObject({ mode: "service", baseUrl: "https://abc123.api-eu.cometchat.io/v3", apiKey: "k" });
    expect(config.require2fa).toBe("admins");
  });

  it("lets CHAT_BASE_URL override the address and follows PORT for APP_URL", () => {
    const config = resolveDashboardConfig({ CHAT_BASE_URL: "http://127.0.0.1:9999/v3/", PORT: "4000" });
    expect(config.chat.baseUrl).toBe("http://127.0.0.1:9999/v3");
    expect(config.appUrl).toBe("http://localhost:4000");
  });

  it("fetches media only from the emulator's origin in demo mode, and from the service's media hosts over https otherwise", () => {
    expect(resolveDashboardConfig({}).media).toMatchObject({ hosts: [], requireHttps: false, trustedOrigin: "http://127.0.0.1:4010", maxBytes: 10 * 1024 * 1024 });
    const service = resolveDashboardConfig({ CHAT_APP_ID: "abc123", CHAT_REGION: "eu", CHAT_API_KEY: "k", AUTH_SECRET: "x".repeat(32) });
    expect(service.media).toMatchObject({ hosts: ["data-eu.cometchat.io", "abc123.api-eu.cometchat.io"], requireHttps: true, trustedOrigin: undefined });
    const listed = resolveDashboardConfig({ MEDIA_HOSTS: " Media.Example.com, *.cdn.example ", MEDIA_TIMEOUT_MS: "500" }).media;
    expect(listed).toMatchObject({ hosts: ["media.example.com", "*.cdn.example"], timeoutMs: 500 });
  });

  const wrong: [Record<string, string>, RegExp][] = [
    [{ MEDIA_HOSTS: "https://media.example" }, /MEDIA_HOSTS[.0-9]*: expected host names/],
    [{ MEDIA_MAX_BYTES: "huge" }, /MEDIA_MAX_BYTES:/],
    [{ CHAT_REGION: "mars" }, /CHAT_REGION: expected us, eu or in/],
    [{ PORT: "99999" }, /PORT:/],
    [{ CHAT_TIMEOUT_MS: "soon" }, /CHAT_TIMEOUT_MS:/],
    [{ APP_URL: "ftp://x" }, /APP_URL: expected an http/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: expected a postgres/],
    [{ REQUIRE_2FA: "sometimes" }, /REQUIRE_2FA: expected admins, all or off/],
    [{ CHAT_API_KEY: "k", AUTH_SECRET: "x".repeat(32) }, /CHAT_APP_ID: required/],
    [{ CHAT_API_KEY: "k", CHAT_APP_ID: "a" }, /AUTH_SECRET: required/],
    [{ OIDC_ISSUER: "https://idp.example" }, /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/],
    [{ METRICS_TOKEN: "short-token" }, /METRICS_TOKEN: expected at least 16 characters/],
    [{ METRICS_TOKEN: "a token with spaces in it" }, /METRICS_TOKEN: expected printable ASCII/],
  ];
  for (const [source, message] of wrong) {
    it(`stops on ${Object.keys(source).join(", ")} naming the variable`, () => {
      expect(() => resolveDashboardConfig(source)).toThrow(message);
    });
  }

  it("never repeats a refused METRICS_TOKEN in its message", () => {
    const parse = () => resolveDashboardConfig({ METRICS_TOKEN: "secret token value" });
    expect(parse).toThrow(/METRICS_TOKEN/);
    expect(parse).not.toThrow(/secret token value/);
  });
});
