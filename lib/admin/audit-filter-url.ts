import { MAX_MESSAGE_ID_LENGTH, MAX_UID_LENGTH, idTextProblem } from "@/lib/api/limits";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditAction, type AuditOutcome } from "@/lib/audit/actions";
import { isDay } from "@/lib/format/calendar-day";
import { firstValues, type SearchParamsLike } from "./search-params";

/**
 * The audit log filter as the viewer keeps it in the URL, in plain code so the browser reads it
 * without zod. The API checks the same fields with the schema in audit-filters.ts, built on the
 * rules here.
 */
export type AuditFilter = {
  staff?: string;
  action?: AuditAction;
  uid?: string;
  message?: string;
  outcome?: AuditOutcome;
  from?: string;
  to?: string;
};
export type AuditFilterKey = keyof AuditFilter;

export const MAX_STAFF_FILTER_LENGTH = 100;


export const fromNotAfterTo = (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to;

/** Said beside the form's date fields, and by the API (which names the fields `from` and `to`). */
export const DATE_ORDER_PROBLEM = "the end date (to) is before the start date (from)";

const fieldIsValid: { [K in AuditFilterKey]-?: (value: string) => boolean } = {
  staff: (v) => v.length <= MAX_STAFF_FILTER_LENGTH,
  action: (v) => (AUDIT_ACTIONS as readonly string[]).includes(v),
  uid: (v) => idTextProblem(v, "UID", MAX_UID_LENGTH) === undefined,
  message: (v) => idTextProblem(v, "message id", MAX_MESSAGE_ID_LENGTH) === undefined,
  outcome: (v) => (AUDIT_OUTCOMES as readonly string[]).includes(v),
  from: isDay,
  to: isDay,
};

/** In a fixed order, so equal filters give equal URLs. */
export const AUDIT_FILTER_KEYS = Object.keys(fieldIsValid) as AuditFilterKey[];

/** The filter from the page's URL (or the filter form): a value that does not parse is dropped, not an error page. */
export function readAuditFilter(params: SearchParamsLike): AuditFilter {
  const raw = firstValues(params);
  const filter: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = raw[key];
    if (value !== undefined && value !== "" && fieldIsValid[key](value)) filter[key] = value;
  }
  if (!fromNotAfterTo(filter)) delete filter.to;
  return filter as AuditFilter;
}

/** The filter as a query string (no leading "?"), in a fixed order so equal filters give equal URLs. */
export function auditFilterQuery(filter: AuditFilter, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of [...AUDIT_FILTER_KEYS.map((k) => [k, filter[k]] as const), ...Object.entries(extra)]) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  return params.toString();
}
