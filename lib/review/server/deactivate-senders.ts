import "server-only";
import { inArray } from "drizzle-orm";
import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { deactivateUsers, type DeactivationDecision } from "@/lib/moderation/deactivate-users";
import { sortDeactivation } from "@/lib/users/deactivation-outcome";
import { changeStamp } from "./change-stamp";
import { claimIfFree } from "./claim-for-action";
import { assertNoneEscalated } from "./escalation-guard";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import type { DeactivateSendersResult } from "@/lib/review/model/review-schemas";
import { readReviewItems, requireSeenVersions, reviewActor, staleViewReason } from "./review-store";
import { heldByOther, heldReason } from "@/lib/review/model/transitions";

/**
 * Deactivates the distinct senders of these items in one call to the chat service (through the
 * same audited operation as the users page), then, in that audited step, marks the items whose
 * sender was deactivated (claiming the free ones for the actor). The answer says each sender's
 * outcome (deactivated, already, not found, or unknown: check). A moderator may not act on an item
 * escalated to admins. Like a bulk decision, every item needs the version the moderator saw (428),
 * and items a colleague holds or changed since are skipped with the reason (the queue asks before
 * taking over a single one first); their senders are not asked about. A protected sender is not
 * deactivated: a request waits for a second staff member, and the items stay as they are.
 */
export async function deactivateSenders(
  db: Db,
  audited: AuditRunner,
  actor: StaffSession,
  ids: string[],
  versions: Record<string, number> | undefined,
  decision: Pick<DeactivationDecision, "policyId" | "note"> = {},
): Promise<DeactivateSendersResult> {
  const seen = requireSeenVersions(ids, versions);
  const found = await readReviewItems(db, ids);
  if (found.size === 0) throw new ApiError("ERR_NOT_FOUND", "None of these messages are in the review queue.");
  const me = reviewActor(actor);
  const skipped: DeactivateSendersResult["skipped"] = [];
  const rows = [...found].flatMap(([id, item]) => {
    const holder = heldByOther(item.fields, me);
    const refused = holder ? heldReason(holder) : staleViewReason(item, seen.get(id) ?? 0, me);
    if (refused) skipped.push({ id, reason: refused });
    return refused ? [] : [{ id, senderUid: item.senderUid, senderName: item.senderName }];
  });
  // In the order the items were given, so the answer lists people the way the moderator saw them.
  const senderOf = new Map(rows.map((r) => [r.id, r.senderUid]));
  const asked = [...new Set(ids.flatMap((id) => senderOf.get(id) ?? []))];
  if (asked.length === 0) return { asked, skipped, outcomes: sortDeactivation(asked, {}) };
  if (asked.length > MAX_UIDS_PER_REQUEST) {
    throw new ApiError("ERR_BAD_REQUEST", `These items have ${asked.length} different senders; deactivate at most ${MAX_UIDS_PER_REQUEST} at once.`);
  }
  assertNoneEscalated(actor, [...found].filter(([id]) => senderOf.has(id)));
  // A protected sender's request remembers the first of their items it was asked from, and their name for the overview.
  const firstOf = new Map([...rows].reverse().map((r) => [r.senderUid.toLowerCase(), r] as const));
  const { outcomes } = await deactivateUsers(db, audited, actor, asked, {
    decision: { ...decision, messageIdOf: (uid) => firstOf.get(uid)?.id, nameOf: (uid) => firstOf.get(uid)?.senderName },
    onDeactivated: async (deactivated) => {
      // The service stores UIDs in lower case; the queue keeps them as the flagged list sent them.
      const done = new Set(deactivated);
      const itemIds = rows.filter((r) => done.has(r.senderUid.toLowerCase())).map((r) => r.id);
      if (itemIds.length === 0) return;
      await db
        .update(flaggedMessage)
        .set({ actionTaken: "sender_deactivated", assigneeId: claimIfFree(actor.id), ...changeStamp(actor.id) })
        .where(inArray(flaggedMessage.id, itemIds));
      markQueueChanged(db, itemIds);
    },
  });
  return { asked, skipped, outcomes };
}
