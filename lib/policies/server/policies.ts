import "server-only";
import { DEFAULT_STATEMENT_CATEGORY } from "@/lib/transparency/model/dsa-vocabulary";
import { statementCategorySchema } from "@/lib/transparency/model/statement-of-reasons";
import { asc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/open";
import { policy, reasonPolicy, type PolicyRow } from "@/lib/db/schema";
import type { PoliciesResponse, Policy } from "@/lib/policies/model/policy-schemas";
import type { TeamSettings } from "@/lib/settings/model/team-settings";

type Reader = Pick<Db, "select">;

const toPolicy = (row: PolicyRow): Policy => ({
  id: row.id,
  name: row.name,
  description: row.description,
  severity: row.severity,
  strikeWeight: row.strikeWeight,
  ground: row.ground,
  // The column is text: a value from outside the API (a hand-edited row) is reported as the default rather than break every page.
  dsaCategory: statementCategorySchema.safeParse(row.dsaCategory).data ?? DEFAULT_STATEMENT_CATEGORY,
  archived: row.archived,
});

/** Every policy (archived last) and the reason map. */
export async function listPolicies(db: Reader): Promise<PoliciesResponse> {
  const [rows, map] = await Promise.all([
    db.select().from(policy).orderBy(asc(policy.archived), asc(policy.name)),
    db.select().from(reasonPolicy),
  ]);
  return { data: rows.map(toPolicy), reasonMap: Object.fromEntries(map.map((m) => [m.reasonId, m.policyId])) };
}

/** One policy, archived or not (a decision already checked it), or null when there is no such id. */
export async function readPolicy(db: Reader, id: number): Promise<Policy | null> {
  const [row] = await db.select().from(policy).where(eq(policy.id, id));
  return row ? toPolicy(row) : null;
}

/**
 * The policy a decision names, checked: it must exist and not be archived; when the team requires
 * a policy and none is named, the decision is refused (400) before anything changes.
 */
export async function policyForDecision(db: Reader, settings: Pick<TeamSettings, "requirePolicy">, policyId: number | undefined, where = "body.policyId"): Promise<Policy | null> {
  if (policyId === undefined) {
    if (settings.requirePolicy) throw new ApiError("ERR_BAD_REQUEST", `${where}: this team requires a policy for this decision`);
    return null;
  }
  const named = await readPolicy(db, policyId);
  if (!named) throw new ApiError("ERR_BAD_REQUEST", `${where}: no policy has id ${policyId}`);
  if (named.archived) throw new ApiError("ERR_BAD_REQUEST", `${where}: the policy "${named.name}" is archived`);
  return named;
}

/** The audit row's words for the policy a decision named: id and name, so the log reads without the policy table. */
export const policyDetail = (named: Pick<Policy, "id" | "name"> | null): { policy?: { id: number; name: string } } =>
  named ? { policy: { id: named.id, name: named.name } } : {};
