import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deactivatedUser, flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";

let h: Harness;
// Imported after each harness starts (it resets the module registry), so the chat client they use talks to that harness's emulator.
let loadQueueShared: typeof import("./queue-snapshot").loadQueueShared;

describe.each(databaseTargets())("the shared queue snapshot on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    ({ loadQueueShared } = await import("./queue-snapshot"));
    const { refreshQueue } = await import("./refresh-queue");
    const first = await refreshQueue(h.db);
    expect(first.upstream.ok).toBe(true);
  });
  afterAll(async () => h.close());

  it("loads an unchanged queue once, however many callers ask", async () => {
    const [first, second] = await Promise.all([loadQueueShared(h.db), loadQueueShared(h.db)]);
    expect(first.data.length).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(await loadQueueShared(h.db)).toBe(first);
  });

  it("shows a change written straight to the database at the next call, as one made by another instance would", async () => {
    const before = await loadQueueShared(h.db);
    const target = before.data.find((item) => item.state === "open");
    if (!target) throw new Error("the seeded queue has no open item");
    await h.db
      .update(flaggedMessage)
      .set({ state: "dismissed", version: sql`${flaggedMessage.version} + 1`, updatedAt: new Date() })
      .where(eq(flaggedMessage.id, target.id));
    const after = await loadQueueShared(h.db);
    expect(after).not.toBe(before);
    expect(after.data.find((item) => item.id === target.id)?.state).toBe("dismissed");
  });

  it("shows a deactivation recorded from a user page, which changes no queue item", async () => {
    const before = await loadQueueShared(h.db);
    const sender = before.data[0]?.senderUid;
    if (!sender) throw new Error("the seeded queue is empty");
    await h.db.insert(deactivatedUser).values({ uid: sender }).onConflictDoNothing();
    const after = await loadQueueShared(h.db);
    expect(after).not.toBe(before);
    expect(after.people[sender]?.deactivated).toBe(true);
  });
});
