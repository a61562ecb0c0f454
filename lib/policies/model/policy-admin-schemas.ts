import { z } from "zod";
import { staffText } from "@/lib/text/staff-text";
import { DEFAULT_STATEMENT_CATEGORY } from "@/lib/transparency/model/dsa-vocabulary";
import { statementCategorySchema } from "@/lib/transparency/model/statement-of-reasons";
import { policyGroundSchema, policyIdSchema } from "./policy-schemas";

/** The bodies of the admins' policy routes (POST /api/policies, PATCH /api/policies/{id}, PUT /api/policies/reason-map). Browser-safe: the forms parse with these too. */

const name = staffText(z.string({ error: "expected a name" }).trim().min(1, "the name is empty").max(80, "the name is longer than 80 characters"), { multiline: false });
const description = staffText(z.string().trim().max(500, "the description is longer than 500 characters"), { multiline: true });
const severity = z.number({ error: "expected a severity from 1 to 5" }).int("expected a whole severity").min(1, "the severity is at least 1").max(5, "the severity is at most 5");
const strikeWeight = z.number({ error: "expected a strike weight from 0 to 10" }).int("expected a whole strike weight").min(0, "the strike weight is at least 0").max(10, "the strike weight is at most 10");

export const policyCreateBodySchema = z.strictObject({
  name,
  description: description.default(""),
  severity,
  strikeWeight,
  ground: policyGroundSchema,
  dsaCategory: statementCategorySchema.default(DEFAULT_STATEMENT_CATEGORY),
});
export type PolicyCreateBody = z.infer<typeof policyCreateBodySchema>;

/** Any of the fields; `archived` archives or restores (a policy is never deleted: old decisions name it). */
export const policyPatchBodySchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    severity: severity.optional(),
    strikeWeight: strikeWeight.optional(),
    ground: policyGroundSchema.optional(),
    dsaCategory: statementCategorySchema.optional(),
    archived: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "nothing to change");
export type PolicyPatchBody = z.infer<typeof policyPatchBodySchema>;

/** A flag reason id as the chat service sends it. */
const reasonIdSchema = staffText(z.string().trim().min(1, "an empty reason id").max(100, "a reason id longer than 100 characters"), { multiline: false });

/** The whole map: each reason listed points to a policy; a reason left out is no longer mapped. */
export const reasonMapBodySchema = z.strictObject({
  map: z.record(reasonIdSchema, policyIdSchema).refine((map) => Object.keys(map).length <= 500, "at most 500 reasons"),
});
export type ReasonMapBody = z.infer<typeof reasonMapBodySchema>;

/** GET /api/policies/reason-map: every reason known (flagged with, or mapped), with its name where a flag gave one. */
export const knownReasonsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), policyId: z.number().int().nullable() })),
});
export type KnownReason = z.infer<typeof knownReasonsResponseSchema>["data"][number];
