import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { auditActionSchema } from "@/lib/audit/actions";
import type { AuditOutcome } from "@/lib/db/schema";
import { firstValues, type SearchParamsLike } from "./search-params";

/** The outcome values of the audit_log enum, for the browser, which must not import the Drizzle schema. */
export const auditOutcomeSchema = z.enum(["pending", "success", "failure"]);
// Fails to compile when the database enum and this list drift apart.
const outcomesMatch: [AuditOutcome] extends [z.infer<typeof auditOutcomeSchema>] ? ([z.infer<typeof auditOutcomeSchema>] extends [AuditOutcome] ? true : false) : false = true;
void outcomesMatch;

/** An empty form field means "no filter". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** Dates are whole UTC days; `to` includes its whole day. */
const daySchema = z.iso.date("expected a date as YYYY-MM-DD");

export const auditFilterShape = {
  staff: optional(z.string().max(100)),
  action: optional(auditActionSchema),
  uid: optional(uidSchema),
  message: optional(messageIdSchema),
  outcome: optional(auditOutcomeSchema),
  from: optional(daySchema),
  to: optional(daySchema),
};
type AuditFilterKey = keyof typeof auditFilterShape;
export const AUDIT_FILTER_KEYS = Object.keys(auditFilterShape) as AuditFilterKey[];

const fromNotAfterTo = (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to;

/** Adds the one rule across fields: the range does not end before it starts. */
export function withDateOrder<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S) {
  return schema.refine(fromNotAfterTo, { message: "the end date is before the start date", path: ["to"] });
}

/** The audit log filter as the dashboard's API takes it: a wrong value is a 400 naming the field. */
export const auditFilterSchema = withDateOrder(z.strictObject(auditFilterShape));
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The filter from the page's URL: a value that does not parse is dropped, not an error page. */
export function readAuditFilter(params: SearchParamsLike): AuditFilter {
  const raw = firstValues(params);
  const filter: Partial<Record<AuditFilterKey, string>> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const parsed = auditFilterShape[key].safeParse(raw[key]);
    if (parsed.success && typeof parsed.data === "string") filter[key] = parsed.data;
  }
  if (!fromNotAfterTo(filter)) delete filter.to;
  return auditFilterSchema.parse(filter);
}

/** The filter as a query string (no leading "?"), in a fixed order so equal filters give equal URLs. */
export function auditFilterQuery(filter: AuditFilter, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of [...AUDIT_FILTER_KEYS.map((k) => [k, filter[k]] as const), ...Object.entries(extra)]) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  return params.toString();
}

/** One audit row as the browser receives it (`at` as an ISO string). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  staffRole: z.string().nullable(),
  action: z.string(),
  targetUids: z.array(z.string()),
  targetMessageId: z.string().nullable(),
  outcome: auditOutcomeSchema,
  errorCode: z.string().nullable(),
  errorStatus: z.number().int().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ nextCursor: z.string().nullable(), limit: z.number().int() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Actions per UTC day, every day of the range present (zero counts as an empty object). */
export const auditStatsSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number().int()) })),
  }),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;
