import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import { recentUser } from "@/lib/db/schema";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { captureLog } from "@/lib/testing/capture-log";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { deactivateSendersOf, itemNow, loadQueue, pinItem, reviewCommand, reviewRoutes } from "./review-api";

/**
 * Issue 19, High 2: log lines carry ids, not chat content. A chat user writes messages, remarks and
 * a display name the dashboard's staff read; the server's log (kept longer, read by more people,
 * shipped elsewhere) must not hold them. Here a sync and the usual actions run on content no log
 * line may quote, with the logger at its default level (info, so warnings and errors too).
 */
let h: Harness;
let moderator: string;
const NAME = "Quillon\u0000 Vantablack";
const TEXT = "meet me at the old quarry tonight";
const REMARK = "threatening words from xylophagous";
const ODD = "unreadable item words of zymurgy";
const QUOTE = `refused: "${TEXT}"\u0000`;
const fragments = ["Quillon", "Vantablack", "old quarry", "xylophagous", "zymurgy"];

const control = (path: string, body?: unknown, method?: string) => emulatorControl(h, path, body, method);

const queue = () => loadQueue(h, moderator);

describe("chat content in the server's log", () => {
  beforeAll(async () => {
    h = await startHarness();
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => {
    delete (globalThis as { __dashboardLog?: unknown }).__dashboardLog;
    await h.close();
  });

  it("never quotes a message, a remark or a user's name, through a sync and the actions on it", async () => {
    const log = captureLog("info");
    (globalThis as { __dashboardLog?: unknown }).__dashboardLog = log.logger;

    await control("users/mallory", { name: NAME }, "PATCH");
    const { data: sent } = await control("messages", { sender: "mallory", receiver: "kenji-watanabe", text: TEXT });
    const flagged = await fetch(`${h.emulator.baseUrl}/messages/${encodeURIComponent(sent.id)}/flagged`, {
      method: "POST",
      headers: { apikey: EMULATOR_DEMO_API_KEY, onBehalfOf: "kim-hana", "content-type": "application/json" },
      body: JSON.stringify({ reasonId: "spam", remark: REMARK }),
    });
    expect(flagged.status).toBe(200);
    const listed = await fetch(`${h.emulator.baseUrl}/moderation/flagged-messages`, { headers: { apikey: EMULATOR_DEMO_API_KEY } });
    const [template] = ((await listed.json()) as { data: FlaggedMessage[] }).data;
    // An item the dashboard cannot read (no sender), which it reports: by id and problem only.
    await control("flagged-messages/raw", { ...template, id: "odd-item-1", sender: undefined, data: { text: ODD } });

    await h.sync();
    const item = (await queue()).data.find((i) => i.id === sent.id);
    if (!item) throw new Error("the planted message should be in the queue");

    // The user's page, as it opens (app/(dashboard)/users/[uid]/page.tsx), and the "Go to user" search.
    const { getUser } = await import("@/lib/moderation/get-user");
    const { recordUserView } = await import("@/lib/users/recent-users");
    await recordUserView(h.db, h.staffIds.moderator, "mallory", (await getUser("mallory")).data.name);
    const search = await h.call(await reviewRoutes.users(), "GET", "/api/users", { cookie: moderator, query: { searchKey: "mall" } });
    expect(search.status).toBe(200);

    // A pin the service refuses, then one it takes. (The refusal's devMessage is logged: the service's wording for
    // developers, not a chat user's; route.ts.) Then a decision, which the service refuses quoting the message.
    await control("faults", { kind: "refusal", route: "POST /messages/:id/pin", status: 422, message: "Pinning is paused.", count: 1 });
    expect((await pinItem(h, moderator, item)).status).toBe(422);
    expect((await pinItem(h, moderator, item)).status).toBe(200);
    const pinned = await itemNow(h, moderator, item.id);
    expect((await reviewCommand(h, moderator, item.id, { action: "resolve", version: pinned.version })).status).toBe(200);
    await control("faults", { kind: "refusal", route: "PATCH /moderation/flagged-messages/:id", status: 422, message: QUOTE });
    const { chat } = await import("@/lib/chat/service");
    const { WRITE_BACK_DELAY_SECONDS } = await import("@/lib/review/server/decision-outbox");
    const { sendDueDecisions } = await import("@/lib/review/server/write-back-sender");
    const run = await sendDueDecisions({ db: h.db, client: chat(), now: () => Date.now() + (WRITE_BACK_DELAY_SECONDS + 1) * 1000 });
    expect(run.refused).toContain(item.id);

    // The sender's deactivation from the queue.
    expect((await deactivateSendersOf(h, moderator, [await itemNow(h, moderator, item.id)])).status).toBe(200);

    // The log did record what happened, by id.
    expect(log.text()).toContain("odd-item-1");
    for (const fragment of fragments) expect(log.text()).not.toContain(fragment);
  });

  it("leaves out the values a failed query was writing when the failure is logged", async () => {
    const log = captureLog("info");
    (globalThis as { __dashboardLog?: unknown }).__dashboardLog = log.logger;
    const { log: dashboardLog } = await import("@/lib/log");
    const row = { staffId: h.staffIds.moderator, uid: "mallory", name: "Quillon Vantablack" };
    await h.db.delete(recentUser);
    await h.db.insert(recentUser).values(row);
    // A second row with the same key: the database refuses it, as it may refuse any write (a lost connection, a full disk).
    const failure = await h.db.insert(recentUser).values(row).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // How every failure reaches the log (the sync's and the write-back's loops, unhandled route errors).
    dashboardLog().error({ err: failure }, "a write failed");
    const [line] = log.lines.map((l) => JSON.parse(l) as { err: { message: string; stack: string; params?: unknown } });
    expect(line?.err.message).toContain("insert into \"recent_user\"");
    expect(line?.err.message).toContain("params: [not logged]");
    expect(line?.err.params).toBeUndefined();
    for (const fragment of fragments) expect(log.text()).not.toContain(fragment);
  });
});
