import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Attack: a staff member sends free text holding control characters (NUL among them). The
 * database refused NUL (a misleading 503) and other controls were stored and shown to other staff
 * as invisible text. Every free-text field now answers 400 naming the field and changes nothing.
 */
let h: Harness;
let moderator: string;
let admin: string;
let itemId: string;
const write = { origin: APP_URL };

describe("control characters in staff free text", () => {
  beforeAll(async () => {
    h = await startHarness();
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
    await h.sync();
    const queue = await readWholeQueue(h, moderator);
    itemId = queue.data[0]?.id ?? "";
  });
  afterAll(async () => h.close());

  async function expectRefused(response: Response, field: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("ERR_BAD_REQUEST");
    expect(body.error.message).toContain(`${field}: contains`);
  }

  it.each([
    ["a NUL", "note\u0000"],
    ["an escape sequence", "note \u001b[31mred"],
    ["an unpaired surrogate", "note \ud800"],
  ])("refuses a note holding %s", async (_what, text) => {
    const notes = await import("@/app/api/review/items/[id]/notes/route");
    await expectRefused(await h.call(notes, "POST", `/api/review/items/${itemId}/notes`, { cookie: moderator, params: { id: itemId }, body: { body: text }, headers: write }), "body.body");
    const item = await import("@/app/api/review/items/[id]/route");
    await expectRefused(
      await h.call(item, "POST", `/api/review/items/${itemId}`, { cookie: moderator, params: { id: itemId }, body: { action: "escalate", note: text }, headers: write }),
      "body.note",
    );
  });

  it.each([
    ["a NUL", "mod\u0000@test.example", "contains a control character"],
    ["an unpaired surrogate", "mod@test.example\ud800", "contains an invalid character"],
    ["more than 320 characters, a surrogate pair at the cut", `${"x".repeat(319)}\ud83d\ude00@test.example`, "the email is longer than 320 characters"],
  ])("refuses a sign-in whose email holds %s with a 400 naming it, not a 500", async (_what, email, problem) => {
    const auth = await import("@/app/api/auth/[...all]/route");
    const response = await h.call(auth, "POST", "/api/auth/sign-in/email", { body: { email, password: "wrong-password-1" }, headers: write });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(`body.email: ${problem}`);
  });

  it("keeps line breaks and tabs in notes", async () => {
    const notes = await import("@/app/api/review/items/[id]/notes/route");
    const response = await h.call(notes, "POST", `/api/review/items/${itemId}/notes`, { cookie: moderator, params: { id: itemId }, body: { body: "two\nlines\tand a tab" }, headers: write });
    expect(response.status).toBe(200);
  });

  it("refuses a saved view name or a staff name holding a control character", async () => {
    const views = await import("@/app/api/review/views/route");
    await expectRefused(await h.call(views, "POST", "/api/review/views", { cookie: moderator, body: { name: "bell\u0007", shared: false, view: {} }, headers: write }), "body.name");
    await expectRefused(await h.call(views, "POST", "/api/review/views", { cookie: moderator, body: { name: "mine", shared: false, view: { q: "a\u0000" } }, headers: write }), "body.view.q");
    const staff = await import("@/app/api/staff/route");
    await expectRefused(
      await h.call(staff, "POST", "/api/staff", { cookie: admin, body: { email: "new@test.example", name: "New\u200e\u0085", role: "moderator", password: "long-enough-password" }, headers: write }),
      "body.name",
    );
  });
});
