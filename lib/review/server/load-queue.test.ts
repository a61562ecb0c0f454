import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flaggedMessageSchema } from "@/lib/chat/schemas";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { loadQueueItems } from "./load-queue";
import { syncFlaggedMessages } from "./sync";

const NOW = 1_800_000_000;

/** A direct message from ana to zed, flagged by `flaggedBy`. */
const flagged = (id: string, flaggedBy: unknown[]) =>
  flaggedMessageSchema.parse({
    id,
    sender: "ana",
    receiverType: "user",
    receiver: "zed",
    category: "message",
    type: "text",
    data: { text: `message ${id}`, entities: { sender: { entityType: "user", entity: { uid: "ana", name: "Ana" } }, receiver: { entityType: "user", entity: { uid: "zed", name: "Zed" } } } },
    sentAt: NOW - 600,
    flaggedBy,
  });

describe.each(databaseTargets())("the people and reasons a page of the queue names, on $name", (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ target });
    await syncFlaggedMessages(
      h.db,
      [
        flagged("lq1", [
          { uid: "rita", name: "Rita Old", reasonId: "spam", reasonName: "Spam (old)", flaggedAt: NOW - 300 },
          { uid: "sam", name: "Sam", avatar: "https://example.com/sam.png", role: "mod", reasonId: "hate", reasonName: "Hate", remark: "slur", flaggedAt: NOW - 200 },
        ]),
        flagged("lq2", [{ uid: "rita", name: "Rita New", reasonId: "spam", reasonName: "Spam", description: "Unwanted ads", flaggedAt: NOW - 100 }]),
      ],
      new Date(NOW * 1000),
    );
  });
  afterAll(async () => h.close());

  it("names each flagger and reason once, with its latest flag's details, beside each item's flags by reference", async () => {
    const loaded = await loadQueueItems(h.db, ["lq2", "lq1", "never-received"]);
    expect(loaded.data.map((item) => item.id)).toEqual(["lq2", "lq1"]);
    expect(loaded.data[1]?.flags).toEqual([
      { uid: "rita", reasonId: "spam", remark: undefined, flaggedAt: NOW - 300, setAsideAt: undefined },
      { uid: "sam", reasonId: "hate", remark: "slur", flaggedAt: NOW - 200, setAsideAt: undefined },
    ]);
    expect(loaded.people).toMatchObject({
      rita: { uid: "rita", name: "Rita New" },
      sam: { uid: "sam", name: "Sam", avatar: "https://example.com/sam.png", role: "mod" },
      ana: { uid: "ana", name: "Ana" },
      zed: { uid: "zed", name: "Zed" },
    });
    expect(loaded.reasons).toEqual({ spam: { name: "Spam", description: "Unwanted ads" }, hate: { name: "Hate", description: undefined } });
    expect(Object.keys(loaded.reporters).sort()).toEqual(["rita", "sam"]);
  });
});
