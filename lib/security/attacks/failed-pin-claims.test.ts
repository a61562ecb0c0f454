import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import type { StoredItem } from "@/lib/review/model/review-schemas";
import { freshItem, itemNow, pinItem, useReviewHarness } from "./review-api";

/**
 * Issue 19 (Low): a pin the chat service refused still claimed the item for the moderator, bumped
 * its version (making colleagues' views stale) and left no audit row for the claim. The claim now
 * happens only when the pin succeeds, in the same change as the pin, inside the audited action.
 */
describe("a failed pin claims the item", () => {
  const s = useReviewHarness();
  const pin = (item: StoredItem) => pinItem(s.h, s.moderator, item);

  it("leaves the item unclaimed and at its version when the chat service refuses the pin", async () => {
    const item = await freshItem(s.h, s.moderator);
    await fetch(`${s.h.emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "status500", route: "POST /messages/:id/pin", count: 1 }),
    });
    const response = await pin(item);
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(await itemNow(s.h, s.moderator, item.id)).toMatchObject({ assignee: null, pinnedBy: null, version: item.version, changedBy: null });
    const rows = await s.h.db.select().from(auditLog).where(and(eq(auditLog.action, "message.pin"), eq(auditLog.targetMessageId, item.id)));
    expect(rows).toEqual([expect.objectContaining({ outcome: "failure" })]);
  });

  it("claims the item for the moderator, in the pin's own change, when the pin succeeds", async () => {
    const item = await freshItem(s.h, s.moderator);
    expect((await pin(item)).status).toBe(200);
    expect(await itemNow(s.h, s.moderator, item.id)).toMatchObject({ assignee: { id: s.h.staffIds.moderator }, pinnedBy: "app_system", version: item.version + 1 });
  });
});
