import { eq } from "drizzle-orm";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staff } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";

/**
 * Attack: a moderator renames themself through the auth library's update route to a 2 MB name;
 * it was accepted, not audited, and copied into every note they wrote, so the queue's JSON grew
 * to 16 MB. Names are now 1–80 characters on one line, renames are audited, and notes name
 * their author by id, showing the current name.
 */
let h: Harness;
let moderator: string;
const write = { origin: APP_URL };

describe.each(databaseTargets())("a staff member's own name on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());

  const rename = async (body: unknown) => {
    const auth = await import("@/app/api/auth/[...all]/route");
    return h.call(auth, "POST", "/api/auth/update-user", { cookie: moderator, body, headers: write });
  };
  const storedName = async () => (await h.db.select({ name: staff.name }).from(staff).where(eq(staff.id, h.staffIds.moderator)))[0]?.name;

  it.each([
    ["2 MB long", { name: "x".repeat(2_000_000) }, "body.name: the name is longer than 80 characters"],
    ["empty", { name: "  " }, "body.name: the name is empty"],
    ["holding a line break", { name: "Two\nlines" }, "body.name: contains a control character"],
    ["with an image URL", { name: "Fine", image: "https://example.com/a.png" }, 'body: Unrecognized key: "image"'],
  ])("refuses a name %s with a 400 naming the field, changing nothing", async (_what, body, message) => {
    const before = await storedName();
    const response = await rename(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await storedName()).toBe(before);
  });

  it("audits a rename, and notes show their author's current name", async () => {
    const queue = () => readWholeQueue(h, moderator);
    await h.sync();
    const id = (await queue()).data[0]?.id ?? "";
    const notes = await import("@/app/api/review/items/[id]/notes/route");
    expect((await h.call(notes, "POST", `/api/review/items/${id}/notes`, { cookie: moderator, params: { id }, body: { body: "seen" }, headers: write })).status).toBe(200);

    const before = await storedName();
    expect((await rename({ name: "  Moderator Renamed  " })).status).toBe(200);
    expect(await storedName()).toBe("Moderator Renamed");
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "staff.rename"));
    expect(audit.map((a) => [a.staffId, a.detail])).toEqual([[h.staffIds.moderator, { email: "mod@test.example", from: before, to: "Moderator Renamed" }]]);

    // The session cache may still hold the old name; the note is read from the database.
    const note = (await queue()).data.find((item) => item.id === id)?.notes.at(-1);
    expect(note).toMatchObject({ authorId: h.staffIds.moderator, authorName: "Moderator Renamed", body: "seen" });
  });

  it("shows the new name in colleagues' presence at once, without waiting for the next report", async () => {
    await h.sync();
    const id = (await readWholeQueue(h, moderator)).data[0]?.id ?? "";
    const events = await import("@/app/api/review/events/route");
    const admin = await h.cookieFor("admin");
    const gone = new AbortController();
    const stream = await events.GET(new Request(`${APP_URL}/api/review/events`, { headers: { cookie: admin }, signal: gone.signal }), { params: Promise.resolve({}) });
    const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error("no event stream");
    let text = "";
    const heard = async (viewer: { staffId: string; name: string; itemId: string }) => {
      const frame = `event: presence\ndata: ${JSON.stringify({ viewers: [viewer] })}\n\n`;
      while (!text.includes(frame)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${frame}: ${text}`);
        text += value;
      }
    };
    try {
      const presence = await import("@/app/api/review/presence/route");
      expect((await h.call(presence, "POST", "/api/review/presence", { cookie: moderator, body: { itemId: id }, headers: write })).status).toBe(200);
      await heard({ staffId: h.staffIds.moderator, name: (await storedName()) ?? "", itemId: id });
      expect((await rename({ name: "Moderator Present" })).status).toBe(200);
      await heard({ staffId: h.staffIds.moderator, name: "Moderator Present", itemId: id });
    } finally {
      gone.abort();
    }
  });
});
