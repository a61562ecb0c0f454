import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { audited } from "./record";

let h: Harness;

const entry = { actor: null, action: "message.pin", targetMessageId: "", detail: { as: "app_system" } } as const;
const auditRow = async (messageId: string) => (await h.db.select().from(auditLog).where(eq(auditLog.targetMessageId, messageId)))[0];
const item = async (id: string) => (await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, id)))[0];

describe.each(databaseTargets())("an audited action's closing write on $name", (target) => {
  let id = "";
  let other = "";
  beforeAll(async () => {
    h = await startHarness({ target });
    await h.sync();
    const [first, second] = await h.db.select({ id: flaggedMessage.id }).from(flaggedMessage).limit(2);
    if (!first || !second) throw new Error("the test needs two review items");
    [id, other] = [first.id, second.id];
  });
  afterAll(async () => h.close());

  it("makes the action's last write and the row's success in one statement, with the result's summary", async () => {
    const result = await audited(
      h.db,
      { ...entry, targetMessageId: id },
      async () => ({ pinnedBy: "app_system" }),
      (r) => ({ pinnedBy: r.pinnedBy }),
      undefined,
      (r) => h.db.update(flaggedMessage).set({ pinnedBy: r.pinnedBy, actionTaken: "pinned" }).where(eq(flaggedMessage.id, id)),
    );
    expect(result).toEqual({ pinnedBy: "app_system" });
    expect(await item(id)).toMatchObject({ pinnedBy: "app_system", actionTaken: "pinned" });
    expect(await auditRow(id)).toMatchObject({ outcome: "success", detail: { as: "app_system", pinnedBy: "app_system" } });
  });

  it("treats a closing write that fails as the action's failure: the row says so and the write changed nothing", async () => {
    const before = await item(other);
    const attempt = audited(
      h.db,
      { ...entry, targetMessageId: other },
      async () => "pinned upstream",
      () => ({}),
      undefined,
      // No such staff member: the foreign key refuses the claim.
      () => h.db.update(flaggedMessage).set({ assigneeId: "no-such-staff", actionTaken: "pinned" }).where(eq(flaggedMessage.id, other)),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: "23503" } });
    expect(await item(other)).toEqual(before);
    expect(await auditRow(other)).toMatchObject({ outcome: "failure", errorCode: "ERR_INTERNAL" });
  });
});
