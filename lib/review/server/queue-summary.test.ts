import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { listedMessage } from "@/lib/testing/listed-message";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readQueueWide } from "./queue-summary";
import { syncFlaggedMessages } from "./sync";

const NOW = 1_800_000_000;
const HOUR = 3600;

let h: Harness;

describe.each(databaseTargets())("the queue's overview on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    await syncFlaggedMessages(
      h.db,
      [
        // Two flags for one reason count the item once.
        listedMessage("a1", { sender: "sol", flags: [{ by: "u1", reason: "spam", at: NOW - HOUR }, { by: "u2", reason: "spam", at: NOW - HOUR }, { by: "u3", reason: "harassment", at: NOW - HOUR }] }),
        listedMessage("a2", { sender: "tam", flags: [{ by: "u1", reason: "spam", at: NOW - 2 * HOUR }] }),
        listedMessage("a3", { sender: "sol", flags: [{ by: "u2", reason: "harassment", at: NOW - 3 * HOUR }, { by: "u2", reason: "violence", at: NOW - 3 * HOUR }] }),
      ],
      new Date(NOW * 1000),
    );
    // A decided item leaves the open items' reasons.
    await h.db.update(flaggedMessage).set({ state: "resolved", decidedAt: new Date(NOW * 1000) }).where(eq(flaggedMessage.id, "a3"));
  });
  afterAll(() => h.close());

  it("counts the open items of each reason once, most first, named as the filters name them", async () => {
    const { overview, facets } = await readQueueWide(h.db, NOW);
    expect(overview.reasons).toEqual([
      { reasonId: "spam", reasonName: "spam", count: 2 },
      { reasonId: "harassment", reasonName: "harassment", count: 1 },
    ]);
    expect(facets.reasons.map((reason) => reason.id).sort()).toEqual(["harassment", "spam", "violence"]);
    expect(overview.offenders.map((offender) => [offender.sender.uid, offender.messageCount])).toEqual([["sol", 2]]);
  });
});
