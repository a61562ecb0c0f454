import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import {
  ACCOUNT_TYPES,
  AUTOMATED_DECISIONS,
  CONTENT_TYPES,
  DECISION_ACCOUNTS,
  DECISION_GROUNDS,
  DECISION_MONETARIES,
  DECISION_PROVISIONS,
  DECISION_VISIBILITIES,
  SOURCE_TYPES,
  STATEMENT_CATEGORIES,
  YES_NO,
  keysOf,
} from "./dsa-vocabulary";

/**
 * One statement of reasons as the DSA Transparency Database's API takes it (POST
 * /api/v1/statement): its field names, allowed values, lengths, date formats and the rules between
 * fields (one restriction at least; the ground's own fields, and only those; "other" choices
 * explained). Every record is checked against this before an export writes it.
 */

const isoDay = (from: string, to: string) => calendarDaySchema.refine((day) => day >= from && day <= to, `expected a day from ${from} to ${to}`);

const text = (max: number) => z.string().min(1).max(max);

export const statementCategorySchema = z.enum(keysOf(STATEMENT_CATEGORIES), { error: "expected one of the DSA Transparency Database's STATEMENT_CATEGORY_ keys" });

export const statementOfReasonsSchema = z
  .strictObject({
    decision_visibility: z.array(z.enum(keysOf(DECISION_VISIBILITIES))).min(1).nullable().optional(),
    decision_visibility_other: text(500).optional(),
    decision_monetary: z.enum(keysOf(DECISION_MONETARIES)).nullable().optional(),
    decision_monetary_other: text(500).optional(),
    decision_provision: z.enum(keysOf(DECISION_PROVISIONS)).nullable().optional(),
    decision_account: z.enum(keysOf(DECISION_ACCOUNTS)).nullable().optional(),
    account_type: z.enum(keysOf(ACCOUNT_TYPES)).nullable().optional(),
    decision_ground: z.enum(keysOf(DECISION_GROUNDS)),
    decision_ground_reference_url: z.url().max(500).optional(),
    illegal_content_legal_ground: text(500).optional(),
    illegal_content_explanation: text(2000).optional(),
    incompatible_content_ground: text(500).optional(),
    incompatible_content_explanation: text(2000).optional(),
    incompatible_content_illegal: z.enum(YES_NO).optional(),
    content_type: z.array(z.enum(keysOf(CONTENT_TYPES))).min(1),
    content_type_other: text(500).optional(),
    category: statementCategorySchema,
    category_addition: z.array(z.enum(keysOf(STATEMENT_CATEGORIES))).optional(),
    content_date: isoDay("2000-01-01", "2038-01-01"),
    application_date: isoDay("2020-01-01", "2038-01-01"),
    end_date_account_restriction: isoDay("2000-01-01", "2038-01-01").nullable().optional(),
    end_date_visibility_restriction: isoDay("2000-01-01", "2038-01-01").nullable().optional(),
    decision_facts: text(5000),
    source_type: z.enum(keysOf(SOURCE_TYPES)),
    source_identity: text(500).optional(),
    automated_detection: z.enum(YES_NO),
    automated_decision: z.enum(keysOf(AUTOMATED_DECISIONS)),
    puid: z
      .string()
      .max(500)
      .regex(/^[a-zA-Z0-9\-_]+$/, "letters, digits, - and _ only"),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!s.decision_visibility?.length && !s.decision_monetary && !s.decision_provision && !s.decision_account) {
      issue("decision_visibility", "at least one of decision_visibility, decision_monetary, decision_provision and decision_account");
    }
    const conditional = (field: keyof typeof s, needed: boolean, why: string) => {
      if (needed && s[field] === undefined) issue(field, `required when ${why}`);
      if (!needed && s[field] !== undefined) issue(field, `only when ${why}`);
    };
    conditional("decision_visibility_other", s.decision_visibility?.includes("DECISION_VISIBILITY_OTHER") ?? false, "decision_visibility is DECISION_VISIBILITY_OTHER");
    conditional("decision_monetary_other", s.decision_monetary === "DECISION_MONETARY_OTHER", "decision_monetary is DECISION_MONETARY_OTHER");
    conditional("content_type_other", s.content_type.includes("CONTENT_TYPE_OTHER"), "content_type has CONTENT_TYPE_OTHER");
    const illegal = s.decision_ground === "DECISION_GROUND_ILLEGAL_CONTENT";
    conditional("illegal_content_legal_ground", illegal, "decision_ground is DECISION_GROUND_ILLEGAL_CONTENT");
    conditional("illegal_content_explanation", illegal, "decision_ground is DECISION_GROUND_ILLEGAL_CONTENT");
    conditional("incompatible_content_ground", !illegal, "decision_ground is DECISION_GROUND_INCOMPATIBLE_CONTENT");
    conditional("incompatible_content_explanation", !illegal, "decision_ground is DECISION_GROUND_INCOMPATIBLE_CONTENT");
    if (illegal && s.incompatible_content_illegal !== undefined) issue("incompatible_content_illegal", "only when decision_ground is DECISION_GROUND_INCOMPATIBLE_CONTENT");
    if (s.source_type === "SOURCE_VOLUNTARY" && s.source_identity !== undefined) issue("source_identity", "not for SOURCE_VOLUNTARY");
  });
export type StatementOfReasons = z.infer<typeof statementOfReasonsSchema>;

/** The CSV's columns: every field, in the API documentation's order; lists are joined with spaces. */
export const STATEMENT_COLUMNS = [
  "puid",
  "decision_visibility",
  "decision_visibility_other",
  "decision_monetary",
  "decision_monetary_other",
  "decision_provision",
  "decision_account",
  "account_type",
  "decision_ground",
  "decision_ground_reference_url",
  "illegal_content_legal_ground",
  "illegal_content_explanation",
  "incompatible_content_ground",
  "incompatible_content_explanation",
  "incompatible_content_illegal",
  "content_type",
  "content_type_other",
  "category",
  "category_addition",
  "content_date",
  "application_date",
  "end_date_account_restriction",
  "end_date_visibility_restriction",
  "decision_facts",
  "source_type",
  "source_identity",
  "automated_detection",
  "automated_decision",
] as const satisfies readonly (keyof StatementOfReasons)[];
