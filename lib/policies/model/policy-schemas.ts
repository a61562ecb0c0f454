import { z } from "zod";
import { statementCategorySchema } from "@/lib/transparency/model/statement-of-reasons";
import { POLICY_GROUNDS } from "./policy-constants";

/** Policies as the API sends them, and the policy a decision names. Browser-safe. */

export const policyGroundSchema = z.enum(POLICY_GROUNDS);

export const policySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  severity: z.number().int().min(1).max(5),
  strikeWeight: z.number().int().min(0).max(10),
  ground: policyGroundSchema,
  /** Its decisions' category in a transparency export (lib/transparency). */
  dsaCategory: statementCategorySchema,
  archived: z.boolean(),
});
export type Policy = z.infer<typeof policySchema>;

/** GET /api/policies: every policy, archived ones too (old decisions name them), and the reason map. */
export const policiesResponseSchema = z.object({
  data: z.array(policySchema),
  /** Flag reason id -> policy id: the policy an item arrives labelled with. */
  reasonMap: z.record(z.string(), z.number().int()),
});
export type PoliciesResponse = z.infer<typeof policiesResponseSchema>;

/** The policy a decision names, by id; whether one is required is the team's setting (requirePolicy). */
export const policyIdSchema = z.number({ error: "expected a policy id (a whole number)" }).int().positive();

/** How an audit row names the policy its decision was made under (policyDetail in lib/policies/server/policies.ts writes it). */
const auditedPolicySchema = z.object({ id: z.number().int(), name: z.string() });

/** The policy an audit row's detail names, or null: old rows and other actions name none. */
export const auditedPolicy = (detail: Record<string, unknown>) => auditedPolicySchema.safeParse(detail.policy).data ?? null;
