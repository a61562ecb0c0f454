import { describe, expect, it } from "vitest";
import { captureLog as capture } from "@/lib/testing/capture-log";

describe("the logger", () => {
  it("redacts the key, cookies, passwords and auth tokens wherever they sit, by configuration", () => {
    const { logger, text } = capture();
    logger.info(
      {
        apikey: "SECRET-apikey-top",
        apiKey: "SECRET-apiKey-camel",
        password: "SECRET-password-top",
        authToken: "SECRET-authToken-top",
        cookie: "SECRET-cookie-top",
        headers: { apikey: "SECRET-header-apikey", cookie: "SECRET-header-cookie", authorization: "Bearer SECRET-header-auth", "set-cookie": ["SECRET-set-cookie"] },
        req: { headers: { apikey: "SECRET-req-apikey", cookie: "SECRET-req-cookie" } },
        body: { password: "SECRET-body-password", email: "staff@example.com" },
        err: { request: { headers: { apikey: "SECRET-deep-apikey" } } },
        detail: { authToken: "SECRET-detail-token", uid: "ana-souza" },
      },
      "an event",
    );
    const line = JSON.parse(text()) as Record<string, unknown>;
    expect(text()).not.toContain("SECRET");
    expect(line).toMatchObject({
      msg: "an event",
      apikey: "[redacted]",
      headers: { apikey: "[redacted]", cookie: "[redacted]", "set-cookie": "[redacted]" },
      req: { headers: { apikey: "[redacted]" } },
      body: { password: "[redacted]", email: "staff@example.com" },
      detail: { authToken: "[redacted]", uid: "ana-souza" },
    });
  });

  it("writes one JSON object per line", () => {
    const { logger, text } = capture();
    logger.info({ requestId: "r-1" }, "first");
    logger.warn("second");
    const lines = text().trim().split("\n").map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(lines.map((l) => l.msg)).toEqual(["first", "second"]);
  });
});
