import { z } from "zod";
import { messageIdSchema, uidSchema } from "@/lib/api/params";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from "@/lib/audit/actions";
import { isDay } from "@/lib/format/calendar-day";
import { DATE_ORDER_PROBLEM, MAX_STAFF_FILTER_LENGTH, fromNotAfterTo, type AuditFilter, type AuditFilterKey } from "./audit-filter-url";

export type { AuditFilter } from "./audit-filter-url";

/** An empty form field means "no filter". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** Dates are whole UTC days; `to` includes its whole day. */
const daySchema = z.string().refine(isDay, "expected a date as YYYY-MM-DD");

const auditOutcomeSchema = z.enum(AUDIT_OUTCOMES);

/** The filter fields as the dashboard's API takes them: a wrong value is a 400 naming the field. */
export const auditFilterShape = {
  staff: optional(z.string().max(MAX_STAFF_FILTER_LENGTH)),
  action: optional(z.enum(AUDIT_ACTIONS)),
  uid: optional(uidSchema),
  message: optional(messageIdSchema),
  outcome: optional(auditOutcomeSchema),
  from: optional(daySchema),
  to: optional(daySchema),
} satisfies Record<AuditFilterKey, z.ZodType>;

/** Adds the one rule across fields: the range does not end before it starts. */
export function withDateOrder<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S) {
  return schema.refine(fromNotAfterTo, { message: DATE_ORDER_PROBLEM, path: ["to"] });
}

export const auditFilterSchema = withDateOrder(z.strictObject(auditFilterShape)) satisfies z.ZodType<AuditFilter>;

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
