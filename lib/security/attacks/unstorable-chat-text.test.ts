import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reviewOutbox } from "@/lib/db/schema";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import { captureLog } from "@/lib/testing/capture-log";
import { readQueueSummary } from "@/lib/testing/queue-pages";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { freshItem, loadQueue, reviewCommand, sameOrigin } from "./review-api";

/**
 * Attack: a chat user sends a message, a flag remark or a display name holding NUL or a lone
 * surrogate. PostgreSQL refuses both, so storing the flagged list failed and the queue answered
 * 500 to every moderator until the message left the list. The same text reached the database by
 * other ways too: a user's name when a moderator opened their page (recent users), and the chat
 * service's error messages, which may quote what it was sent (the sync's status, the write-back
 * outbox, every audited action's failure).
 */
let h: Harness;
let moderator: string;

const HOSTILE = "quoted\u0000 back \ud800 to you";
const SHOWN = "quoted\ufffd back \ufffd to you";

const control = (path: string, body?: unknown, method?: string) => emulatorControl(h, path, body, method);

/** The chat service refuses `route` with an error whose message quotes hostile text. */
const refuse = (route: string) => control("faults", { kind: "refusal", route, status: 422, code: "ERR_BAD_REQUEST", message: HOSTILE });

const queue = () => loadQueue(h, moderator);
/** The sync's status, as the queue's status line shows it. */
const status = async () => (await readQueueSummary(h, moderator)).upstream;

describe.each(databaseTargets())("unstorable chat text on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());
  afterEach(async () => {
    await control("reset");
    delete (globalThis as { __dashboardLog?: unknown }).__dashboardLog;
  });

  it("keeps the queue working and shows the bad characters as U+FFFD", async () => {
    await control("users/mallory", { name: "Mal\ud800lory\u0000" }, "PATCH");
    const { data } = await control("messages", { sender: "mallory", receiver: "kenji-watanabe", text: "nul\u0000 and \udc00 lone" });
    const flagged = await fetch(`${h.emulator.baseUrl}/messages/${encodeURIComponent(data.id)}/flagged`, {
      method: "POST",
      headers: { apikey: EMULATOR_DEMO_API_KEY, onBehalfOf: "kim-hana", "content-type": "application/json" },
      body: JSON.stringify({ reasonId: "spam", remark: "remark\u0000\ud83d" }),
    });
    expect(flagged.status).toBe(200);

    await h.sync();
    const item = (await queue()).data.find((i) => i.id === data.id);
    expect(item?.text).toBe("nul\ufffd and \ufffd lone");
    expect(item?.flags[0]?.remark).toBe("remark\ufffd\ufffd");
    expect((await queue()).people.mallory?.name).toBe("Mal\ufffdlory\ufffd");
  });

  it("reports an unreadable item whose long id the dashboard cuts, without cutting a surrogate pair in half", async () => {
    // 99 characters, then an emoji (two UTF-16 units): the 100-character cut falls inside it.
    const id = `${"x".repeat(99)}\ud83d\ude00`;
    await control("flagged-messages/raw", { id, data: { text: "no sender" } });
    expect(await h.sync()).toMatchObject({ ok: true });
    expect((await status())).toMatchObject({ ok: true, unreadable: [expect.objectContaining({ id: "x".repeat(99) })] });
  });

  it("remembers a user whose name holds NUL among the moderator's recent users, as their page does", async () => {
    await control("users/mallory", { name: "Mal\u0000lory\udfff" }, "PATCH");
    const { getUser } = await import("@/lib/moderation/get-user");
    const { listRecentUsers, recordUserView } = await import("@/lib/users/recent-users");
    // What the user page does when it opens (app/(dashboard)/users/[uid]/page.tsx); e2e/attacks/unstorable-user-name.spec.ts opens the page itself.
    const user = await getUser("mallory");
    await recordUserView(h.db, h.staffIds.moderator, "mallory", user.data.name);
    expect((await listRecentUsers(h.db, h.staffIds.moderator)).data).toContainEqual(expect.objectContaining({ uid: "mallory", name: "Mal\ufffdlory\ufffd" }));
  });

  it("records the chat service's refusal of the flagged list on the status line, though its message quotes NUL", async () => {
    await h.sync();
    await refuse("GET /moderation/flagged-messages");
    const run = await h.sync();
    expect(run).toMatchObject({ ok: false, code: "ERR_BAD_REQUEST", message: SHOWN });
    expect((await status())).toMatchObject({ ok: false, code: "ERR_BAD_REQUEST", message: SHOWN });
  });

  it("stores a refused decision's reason in the outbox and the audit log, and still sends the other decisions", async () => {
    await h.sync();
    const first = await freshItem(h, moderator);
    expect((await reviewCommand(h, moderator, first.id, { action: "resolve", version: first.version })).status).toBe(200);
    const second = await freshItem(h, moderator);
    expect((await reviewCommand(h, moderator, second.id, { action: "dismiss", version: second.version })).status).toBe(200);
    await control("faults", { kind: "refusal", route: "PATCH /moderation/flagged-messages/:id", status: 422, message: HOSTILE, count: 1 });

    const { chat } = await import("@/lib/chat/service");
    const { WRITE_BACK_DELAY_SECONDS } = await import("@/lib/review/server/decision-outbox");
    const { sendDueDecisions } = await import("@/lib/review/server/write-back-sender");
    const run = await sendDueDecisions({ db: h.db, client: chat(), now: () => Date.now() + (WRITE_BACK_DELAY_SECONDS + 1) * 1000 });
    expect(run.refused).toHaveLength(1);
    expect(run.sent).toHaveLength(1);
    const [refused] = await h.db.select().from(reviewOutbox).where(eq(reviewOutbox.messageId, run.refused[0] ?? ""));
    expect(refused).toMatchObject({ state: "refused", lastError: SHOWN });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "review.write_back"), eq(auditLog.targetMessageId, run.refused[0] ?? "")));
    expect(audit).toMatchObject({ outcome: "failure", detail: expect.objectContaining({ error: SHOWN }) });
  });

  it("answers a refused pin with the service's words and audits it as a failure, though they quote NUL", async () => {
    await h.sync();
    const item = await freshItem(h, moderator);
    await refuse("POST /messages/:id/pin");
    const pinRoute = await import("@/app/api/messages/[id]/pin/route");
    const response = await h.call(pinRoute, "POST", `/api/messages/${item.id}/pin`, {
      cookie: moderator,
      params: { id: item.id },
      body: { version: item.version },
      headers: sameOrigin,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { code: "ERR_BAD_REQUEST", message: SHOWN } });
    const rows = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "message.pin"), eq(auditLog.targetMessageId, item.id)));
    expect(rows).toEqual([expect.objectContaining({ outcome: "failure", errorCode: "ERR_BAD_REQUEST", detail: expect.objectContaining({ error: SHOWN }) })]);
  });

  it("skips and reports one message the database still refuses, by id in the log and by count on the status line", async () => {
    const capture = captureLog("info");
    (globalThis as { __dashboardLog?: unknown }).__dashboardLog = capture.logger;
    const listed = await fetch(`${h.emulator.baseUrl}/moderation/flagged-messages`, { headers: { apikey: EMULATOR_DEMO_API_KEY } });
    const [template] = ((await listed.json()) as { data: FlaggedMessage[] }).data;
    if (!template) throw new Error("the seed should list flagged messages");
    const badId = `${template.id}-huge`;
    const secret = "a chat user's words that stay out of the log";
    // Beyond PostgreSQL's integer column: a value no replacement can make storable.
    await control("flagged-messages/raw", { ...template, id: badId, flaggedCount: 2 ** 40, data: { ...template.data, text: secret } });

    const run = await h.sync();
    expect(run).toMatchObject({ ok: true });
    const shownStatus = await status();
    expect(shownStatus).toMatchObject({ ok: true, skipped: [badId] });
    const { readSyncStatus } = await import("@/lib/review/server/sync-status");
    expect(await readSyncStatus(h.db)).toMatchObject({ itemsSkipped: 1 });
    const shown = new Set((await queue()).data.map((i) => i.id));
    expect(shown.has(badId)).toBe(false);
    expect(shown.has(template.id)).toBe(true);

    const warned = capture.lines.map((line) => JSON.parse(line) as { level: number; messageId?: string }).filter((line) => line.messageId === badId);
    expect(warned).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining("skipped") })]);
    expect(capture.text()).not.toContain(secret);
    // The next sync meets it again: reported on the status line, not logged again every few seconds.
    await h.sync();
    expect(capture.lines.filter((line) => line.includes(badId))).toHaveLength(1);
  });
});
