import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realValidationError } from "@/lib/chat/fixtures/real-service-flagged";
import { startRealServiceServer, type RealServiceServer } from "@/lib/chat/fixtures/real-service-server";
import { ChatServiceError } from "@/lib/chat/errors";
import { captureLog } from "@/lib/testing/capture-log";
import { APP_URL, startDashboardAgainst } from "@/lib/testing/harness";
import { errorResponse } from "./route";

describe("a chat service refusal as the dashboard answers it", () => {
  it("passes message and per-field details to the browser, never the developer wording", async () => {
    process.env.LOG_LEVEL = "silent";
    const error = new ChatServiceError("updateAuthToken", 400, "ERR_BAD_REQUEST", "Failed to validate the data sent with the request.", {
      devMessage: "internal: column platform varchar(200)",
      details: { platform: ["The platform must be a string."] },
    });
    const response = errorResponse(error, "req-1");
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "ERR_BAD_REQUEST", message: "Failed to validate the data sent with the request.", details: { platform: ["The platform must be a string."] } },
    });
    expect(text).not.toContain("internal: column");
  });
});

describe("a route whose call the service refuses with the real error envelope", () => {
  let service: RealServiceServer;
  let h: Awaited<ReturnType<typeof startDashboardAgainst>>;
  const log = captureLog("info");
  beforeAll(async () => {
    service = await startRealServiceServer();
    h = await startDashboardAgainst(service.baseUrl);
  });
  afterAll(async () => {
    delete (globalThis as { __dashboardLog?: unknown }).__dashboardLog;
    await h.close();
    await service.close();
  });

  it("logs the service's devMessage with the request id, and sends the browser only message and details", async () => {
    // The route's logger (lib/log.ts keeps the process's one on globalThis) writes here.
    (globalThis as { __dashboardLog?: unknown }).__dashboardLog = log.logger;
    const route = await import("@/app/api/users/[uid]/auth_tokens/[authToken]/route");
    const response = await h.call(route, "PUT", "/api/users/superhero1/auth_tokens/token-1", {
      cookie: await h.cookieFor("admin"),
      params: { uid: "superhero1", authToken: "token-1" },
      body: { platform: "x" },
      headers: { origin: APP_URL },
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "ERR_BAD_REQUEST", message: realValidationError.error.message, details: realValidationError.error.details } });
    expect(text).not.toContain(realValidationError.error.devMessage);

    const lines = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = lines.find((line) => line.devMessage !== undefined);
    expect(logged).toMatchObject({ level: 30, code: "ERR_BAD_REQUEST", devMessage: realValidationError.error.devMessage, requestId: response.headers.get("x-request-id") });
  });
});
