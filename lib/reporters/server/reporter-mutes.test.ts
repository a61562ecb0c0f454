import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedMessage } from "@/lib/testing/listed-message";
import { auditLog, flag, flaggedMessage, reporterMute } from "@/lib/db/schema";
import type { MuteResult, MutedReporter } from "@/lib/reporters/model/reporter-schemas";
import { syncFlaggedMessages } from "@/lib/review/server/sync";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { readQueueSummary, readWholeQueue } from "@/lib/testing/queue-pages";
import { databaseTargets } from "@/lib/testing/test-databases";

let h: Harness;
let moderator: string;
let admin: string;
const NOW = 1_790_000_000;
const muteRoute = () => import("@/app/api/review/reporters/[uid]/mute/route");
const listRoute = () => import("@/app/api/review/reporters/route");
const write = { origin: APP_URL };

/** A flagged message as the chat service lists it, flagged by these users in this order, a second apart. */
const listed = (id: string, flaggers: string[], at = NOW) => listedMessage(id, { flags: flaggers.map((by, n) => ({ by, reason: "spam", at: at + n })) });

const mute = async (uid: string, cookie: string, body?: unknown) => h.call(await muteRoute(), "POST", `/api/review/reporters/${uid}/mute`, { cookie, params: { uid }, body, headers: write });
const unmute = async (uid: string, cookie: string) => h.call(await muteRoute(), "DELETE", `/api/review/reporters/${uid}/mute`, { cookie, params: { uid }, headers: write });

async function mutedList(): Promise<MutedReporter[]> {
  const response = await h.call(await listRoute(), "GET", "/api/review/reporters", { cookie: moderator });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: MutedReporter[] }).data;
}

const idsIn = async (state: string) => (await readWholeQueue(h, moderator, { state })).data.map((i) => i.id).sort();
const stateOf = async (id: string) => (await h.db.select({ state: flaggedMessage.state }).from(flaggedMessage).where(eq(flaggedMessage.id, id)))[0]?.state;
const setAside = async (id: string, uid: string) =>
  (await h.db.select({ at: flag.setAsideAt }).from(flag).where(and(eq(flag.messageId, id), eq(flag.flaggerUid, uid))))[0]?.at ?? null;
const auditRows = (action: "reporter.mute" | "reporter.unmute") => h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

describe.each(databaseTargets())("muting and unmuting reporters on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
    await syncFlaggedMessages(h.db, [listed("only-mia", ["mia"]), listed("mia-and-ned", ["mia", "ned"]), listed("decided", ["mia"])], new Date(NOW * 1000));
    await h.db.update(flaggedMessage).set({ state: "resolved", decidedAt: new Date(NOW * 1000) }).where(eq(flaggedMessage.id, "decided"));
    await h.queueChanged();
  });
  afterAll(() => h.close());

  it("refuses a hostile body or UID with a 400 naming it, muting nobody", async () => {
    for (const [uid, body, field] of [
      ["mia", { note: 5 }, "note"],
      ["mia", { note: "x".repeat(2001) }, "note"],
      ["mia", { note: "ok", muted: true }, "muted"],
      ["x".repeat(500), { note: "ok" }, "uid"],
    ] as const) {
      const response = await mute(uid, moderator, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
    }
    expect(await h.db.select().from(reporterMute)).toEqual([]);
  });

  it("a moderator mutes a reporter: their flags on open items are set aside, an item only they flagged leaves the open queue, audited", async () => {
    const response = await mute("MIA", moderator, { note: "flags everything as spam" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: MuteResult }).data).toEqual({ uid: "mia", flags: 2, items: ["only-mia"] });

    expect(await setAside("only-mia", "mia")).not.toBeNull();
    expect(await setAside("mia-and-ned", "mia")).not.toBeNull();
    // A decided item's flags were not pending: its record stands as it was.
    expect(await setAside("decided", "mia")).toBeNull();
    expect(await idsIn("open")).toEqual(["mia-and-ned"]);
    expect(await idsIn("set_aside")).toEqual(["only-mia"]);
    const summary = await readQueueSummary(h, moderator);
    expect(summary.totals).toMatchObject({ open: 1, set_aside: 1, resolved: 1 });
    expect(summary.counts).toMatchObject({ open: 1, set_aside: 1 });

    // The item a live flag keeps open shows the muted flag as set aside, and no longer counts it.
    const queue = await readWholeQueue(h, moderator, { state: "open" });
    const kept = queue.data[0];
    expect(kept?.flaggedCount).toBe(1);
    expect(kept?.flags.find((f) => f.uid === "mia")?.setAsideAt).toEqual(expect.any(Number));
    expect(kept?.flags.find((f) => f.uid === "ned")?.setAsideAt).toBeUndefined();
    expect(queue.reporters.mia).toMatchObject({ muted: true });
    expect(queue.reporters.ned).toMatchObject({ muted: false });

    const [row] = await auditRows("reporter.mute");
    expect(row).toMatchObject({ staffId: h.staffIds.moderator, outcome: "success", targetUids: ["mia"], detail: { note: "flags everything as spam", flags: 2, items: 1 } });
    expect(await mutedList()).toEqual([
      { uid: "mia", name: "mia", mutedAt: expect.any(Number), mutedBy: { id: h.staffIds.moderator, name: expect.any(String) }, note: "flags everything as spam", setAside: 2 },
    ]);

    const again = await mute("mia", moderator);
    expect(again.status).toBe(409);
  });

  it("a sync delivering a muted reporter's new flag opens no item and reopens no decision; a live flag brings the item back", async () => {
    const at = new Date((NOW + 100) * 1000);
    await syncFlaggedMessages(h.db, [listed("new-by-mia", ["mia"], NOW + 100), listed("decided", ["ned", "mia"], NOW + 100)], at);
    expect(await stateOf("new-by-mia")).toBe("set_aside");
    expect(await setAside("new-by-mia", "mia")).not.toBeNull();
    // ned's flag on the decided item is new and live, so it reopens; mia's alone would not have.
    expect(await stateOf("decided")).toBe("open");

    await syncFlaggedMessages(h.db, [listed("new-by-mia", ["mia", "ola"], NOW + 200)], new Date((NOW + 200) * 1000));
    expect(await stateOf("new-by-mia")).toBe("open");
    expect(await setAside("new-by-mia", "ola")).toBeNull();
  });

  it("a decided item flagged again only by a muted reporter stays decided", async () => {
    await syncFlaggedMessages(h.db, [listed("decided-2", ["ned"], NOW + 300)], new Date((NOW + 300) * 1000));
    await h.db.update(flaggedMessage).set({ state: "dismissed", decidedAt: new Date((NOW + 300) * 1000) }).where(eq(flaggedMessage.id, "decided-2"));
    await syncFlaggedMessages(h.db, [listed("decided-2", ["ned", "mia"], NOW + 400)], new Date((NOW + 400) * 1000));
    expect(await stateOf("decided-2")).toBe("dismissed");
  });

  it("a moderator cannot unmute (403); an admin unmutes, the flags are live again and the items return, audited", async () => {
    expect((await unmute("mia", moderator)).status).toBe(403);
    expect(await mutedList()).toHaveLength(1);

    const response = await unmute("mia", admin);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: MuteResult }).data).toMatchObject({ uid: "mia", items: ["only-mia"] });
    expect(await stateOf("only-mia")).toBe("open");
    const flags = await h.db.select({ at: flag.setAsideAt }).from(flag).where(eq(flag.flaggerUid, "mia"));
    expect(flags.every((f) => f.at === null)).toBe(true);
    expect(await idsIn("set_aside")).toEqual([]);
    expect(await idsIn("open")).toEqual(expect.arrayContaining(["only-mia", "mia-and-ned"]));
    expect(await mutedList()).toEqual([]);
    const rows = await auditRows("reporter.unmute");
    // The moderator's attempt was refused before it began: only the admin's unmute is recorded.
    expect(rows.map((r) => [r.staffId, r.outcome, r.targetUids])).toEqual([[h.staffIds.admin, "success", ["mia"]]]);

    expect((await unmute("mia", admin)).status).toBe(404);
  });
});
