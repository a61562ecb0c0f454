import { describe, expect, it } from "vitest";
import { setupEmulator, type ErrorBody, type FlaggedList } from "./setup-emulator";

/** 30 s into a minute of the emulator's clock. */
const CLOCK = 1_760_000_010;
let clock = CLOCK;
const { api, control } = setupEmulator({ now: () => clock });
const listFlagged = async (query = "") => (await api<FlaggedList>("GET", `/moderation/flagged-messages${query}`)).body;
const review = (id: string, body: unknown) => api<{ success: boolean; message: string } & ErrorBody>("PATCH", `/moderation/flagged-messages/${id}`, { body });

describe("the flagged list's page size", () => {
  it("answers at most `limit` items, and never more than its own maximum (50 by default)", async () => {
    expect((await listFlagged("?limit=7")).meta.current).toEqual({ limit: 7, count: 7 });
    expect((await listFlagged("?limit=5000")).meta.current).toEqual({ limit: 50, count: 50 });
    expect((await api<ErrorBody>("GET", "/moderation/flagged-messages?limit=zero")).body.error.message).toMatch(/limit/);
  });
});

describe("review a flagged message (PATCH /moderation/flagged-messages/{id})", () => {
  it("answers {success, message} with no data envelope, and the message leaves the flagged list", async () => {
    const [first] = (await listFlagged()).data;
    const reply = await review(first?.id ?? "", { status: "disapproved" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: `Message with id ${first?.id} has been unflagged successfully.` });
    expect((await listFlagged("?limit=5000")).data.map((m) => m.id)).not.toContain(first?.id);
    expect(await control("reviewed", undefined, "GET")).toEqual({ reviewed: { [first?.id ?? ""]: "disapproved" } });
    // Idempotent: the same decision again is answered the same way.
    expect((await review(first?.id ?? "", { status: "disapproved" })).status).toBe(200);
  });

  it("refuses a status other than approved or disapproved, and an unknown message", async () => {
    const [first] = (await listFlagged()).data;
    const wrong = await review(first?.id ?? "", { status: "hidden" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/status/);
    const unknown = await review("999999999", { status: "approved" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  });
});

describe("the per-minute rate limit", () => {
  it("sends X-Rate-Limit and X-Rate-Limit-Remaining on every answer, and 429 with Retry-After past the budget", async () => {
    clock = CLOCK;
    await control("settings", { rateLimitPerMinute: 3 });
    const first = await api("GET", "/users/ana-souza");
    expect(first.headers.get("x-rate-limit")).toBe("3");
    expect(first.headers.get("x-rate-limit-remaining")).toBe("2");
    const missing = await api("GET", "/users/nobody-here");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-rate-limit-remaining")).toBe("1");
    await api("GET", "/users/ana-souza");
    const refused = await api<ErrorBody>("GET", "/users/ana-souza");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("ERR_TOO_MANY_REQUESTS");
    expect(refused.headers.get("x-rate-limit-remaining")).toBe("0");
    // The window is the clock's minute: 30 s are left of it.
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.headers.get("x-rate-limit-reset")).toBe(String(CLOCK + 30));
    clock = CLOCK + 30;
    expect((await api("GET", "/users/ana-souza")).status).toBe(200);
  });
});
