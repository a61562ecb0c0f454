import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deactivatedUser, flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";

let h: Harness;
// Imported after each harness starts (it resets the module registry), so the chat client they use talks to that harness's emulator.
let loadQueueShared: typeof import("./queue-snapshot").loadQueueShared;
let markQueueChanged: typeof import("./queue-changes").markQueueChanged;
let maxAgeMs: number;
/** Past the time another instance's change may take to show. */
const pastTheFingerprintsAge = () => new Promise((resolve) => setTimeout(resolve, maxAgeMs + 50));

describe.each(databaseTargets())("the shared queue snapshot on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    ({ loadQueueShared, QUEUE_STAMP_MAX_AGE_MS: maxAgeMs } = await import("./queue-snapshot"));
    ({ markQueueChanged } = await import("./queue-changes"));
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

  it("shows a change written straight to the database, as another instance would, once the fingerprint's age is past", async () => {
    const before = await loadQueueShared(h.db);
    const target = before.data.find((item) => item.state === "open");
    if (!target) throw new Error("the seeded queue has no open item");
    await h.db
      .update(flaggedMessage)
      .set({ state: "dismissed", version: sql`${flaggedMessage.version} + 1`, updatedAt: new Date() })
      .where(eq(flaggedMessage.id, target.id));
    await pastTheFingerprintsAge();
    const after = await loadQueueShared(h.db);
    expect(after).not.toBe(before);
    expect(after.data.find((item) => item.id === target.id)?.state).toBe("dismissed");
  });

  it("shows this process's own change at the next call, also to callers who arrive while a load runs", async () => {
    const before = await loadQueueShared(h.db);
    const [open] = before.data.filter((item) => item.state === "open");
    if (!open) throw new Error("the seeded queue has no open item left");
    await h.db.update(flaggedMessage).set({ version: sql`${flaggedMessage.version} + 1` }).where(eq(flaggedMessage.id, open.id));
    markQueueChanged(h.db);
    const during = loadQueueShared(h.db);
    await h.db
      .update(flaggedMessage)
      .set({ state: "resolved", version: sql`${flaggedMessage.version} + 1` })
      .where(eq(flaggedMessage.id, open.id));
    markQueueChanged(h.db);
    const crowd = await Promise.all(Array.from({ length: 50 }, () => loadQueueShared(h.db)));
    expect((await during).data.find((item) => item.id === open.id)).toBeDefined();
    for (const queue of crowd) expect(queue.data.find((item) => item.id === open.id)?.state).toBe("resolved");
    expect(new Set(crowd).size).toBe(1);
  });

  it("shows a deactivation recorded from a user page, which changes no queue item", async () => {
    const before = await loadQueueShared(h.db);
    const sender = before.data[0]?.senderUid;
    if (!sender) throw new Error("the seeded queue is empty");
    await h.db.insert(deactivatedUser).values({ uid: sender }).onConflictDoNothing();
    await pastTheFingerprintsAge();
    const after = await loadQueueShared(h.db);
    expect(after).not.toBe(before);
    expect(after.people[sender]?.deactivated).toBe(true);
  });
});
