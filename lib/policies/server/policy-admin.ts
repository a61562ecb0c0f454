import "server-only";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { flag, policy, reasonPolicy } from "@/lib/db/schema";
import type { KnownReason, PolicyCreateBody, PolicyPatchBody, ReasonMapBody } from "@/lib/policies/model/policy-admin-schemas";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { readPolicy } from "./policies";

/** Names are told apart regardless of case: "Spam" and "spam" would read as one policy in every picker. */
async function refuseTakenName(db: Db, name: string, except?: number) {
  const [taken] = await db
    .select({ name: policy.name })
    .from(policy)
    .where(and(sql`lower(${policy.name}) = lower(${name})`, except === undefined ? undefined : ne(policy.id, except)));
  if (taken) throw new ApiError("ERR_BAD_REQUEST", `body.name: a policy named "${taken.name}" exists already`);
}

/** Adds a policy (audited). */
export async function createPolicy(db: Db, audited: AuditRunner, body: PolicyCreateBody): Promise<Policy> {
  await refuseTakenName(db, body.name);
  return audited(
    { action: "policy.create", detail: { policy: body } },
    async () => {
      const [row] = await db.insert(policy).values(body).returning({ id: policy.id });
      const created = row && (await readPolicy(db, row.id));
      if (!created) throw new ApiError("ERR_INTERNAL", "The policy was not stored.");
      return created;
    },
    (created) => ({ policyId: created.id }),
  );
}

/**
 * Changes a policy, archives or restores it (audited with the values before and after). A changed
 * weight counts from the next decision: strikes keep the weight they were given.
 */
export async function updatePolicy(db: Db, audited: AuditRunner, id: number, patch: PolicyPatchBody): Promise<Policy> {
  const before = await readPolicy(db, id);
  if (!before) throw new ApiError("ERR_NOT_FOUND", `There is no policy with id ${id}.`);
  if (patch.name !== undefined) await refuseTakenName(db, patch.name, id);
  return audited({ action: "policy.update", detail: { policyId: id, before, patch } }, async () => {
    await db
      .update(policy)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(policy.id, id));
    const after = await readPolicy(db, id);
    if (!after) throw new ApiError("ERR_NOT_FOUND", `There is no policy with id ${id}.`);
    return after;
  });
}

/** Every flag reason the dashboard knows (flagged with, or mapped), with the policy it points to. */
export async function listKnownReasons(db: Db): Promise<KnownReason[]> {
  const [flagged, mapped] = await Promise.all([
    db.selectDistinctOn([flag.reasonId], { id: flag.reasonId, name: flag.reasonName }).from(flag).orderBy(flag.reasonId, sql`${flag.flaggedAt} desc`),
    db.select().from(reasonPolicy).orderBy(asc(reasonPolicy.reasonId)),
  ]);
  const reasons = new Map<string, KnownReason>(flagged.map((r) => [r.id, { id: r.id, name: r.name, policyId: null }]));
  for (const m of mapped) reasons.set(m.reasonId, { id: m.reasonId, name: reasons.get(m.reasonId)?.name ?? m.reasonId, policyId: m.policyId });
  return [...reasons.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Replaces the reason map (audited with the map before and after): each reason listed points to
 * its policy, which must exist and not be archived (a pre-label the server would then refuse helps
 * nobody); a reason left out loses its mapping.
 */
export async function setReasonMap(db: Db, audited: AuditRunner, { map }: ReasonMapBody): Promise<KnownReason[]> {
  const entries = Object.entries(map);
  const ids = [...new Set(entries.map(([, id]) => id))];
  const usable = new Set(
    ids.length === 0 ? [] : (await db.select({ id: policy.id }).from(policy).where(and(inArray(policy.id, ids), eq(policy.archived, false)))).map((p) => p.id),
  );
  const wrong = entries.find(([, id]) => !usable.has(id));
  if (wrong) throw new ApiError("ERR_BAD_REQUEST", `body.map.${wrong[0]}: no active policy has id ${wrong[1]}`);
  const before = Object.fromEntries((await db.select().from(reasonPolicy)).map((m) => [m.reasonId, m.policyId]));
  await audited({ action: "policy.reason_map.set", detail: { before, after: map } }, () =>
    db.transaction(async (tx) => {
      const keys = entries.map(([reason]) => reason);
      await tx.delete(reasonPolicy).where(keys.length ? notInArray(reasonPolicy.reasonId, keys) : sql`true`);
      if (entries.length) {
        await tx
          .insert(reasonPolicy)
          .values(entries.map(([reasonId, policyId]) => ({ reasonId, policyId })))
          .onConflictDoUpdate({ target: reasonPolicy.reasonId, set: { policyId: sql`excluded.policy_id` } });
      }
    }),
  );
  return listKnownReasons(db);
}
