import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { MAX_MESSAGE_ID_LENGTH, MAX_UID_LENGTH, idTextProblem } from "@/lib/api/limits";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditAction, type AuditOutcome } from "@/lib/audit/actions";
import { isDay } from "@/lib/format/calendar-day";
import { parseAsAcceptedText } from "@/lib/url/param-parsers";

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

/** The audit page's URL parameters: read by the page on the server and by the log viewer in the browser. */
export const auditFilterParams = {
  staff: parseAsAcceptedText((v) => v.length <= MAX_STAFF_FILTER_LENGTH),
  action: parseAsStringLiteral(AUDIT_ACTIONS),
  uid: parseAsAcceptedText((v) => idTextProblem(v, "UID", MAX_UID_LENGTH) === undefined),
  message: parseAsAcceptedText((v) => idTextProblem(v, "message id", MAX_MESSAGE_ID_LENGTH) === undefined),
  outcome: parseAsStringLiteral(AUDIT_OUTCOMES),
  from: parseAsAcceptedText(isDay),
  to: parseAsAcceptedText(isDay),
} satisfies Record<AuditFilterKey, unknown>;

/** In a fixed order, so equal filters give equal URLs. */
export const AUDIT_FILTER_KEYS = Object.keys(auditFilterParams) as AuditFilterKey[];

/** Every parameter of the page, null where the filter has none (null clears it from the URL). */
type AuditFilterValues = { [K in AuditFilterKey]: AuditFilter[K] | null };

/** The parsed parameters as a filter: an empty value is no filter, and an end before the start is dropped. */
export function auditFilterOf(values: AuditFilterValues): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = values[key];
    if (value) Object.assign(filter, { [key]: value });
  }
  if (!fromNotAfterTo(filter)) delete filter.to;
  return filter;
}

/** The filter as every parameter's value, for writing the URL. */
export const auditFilterValues = (filter: AuditFilter) => Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, filter[key] ?? null])) as AuditFilterValues;

const loadAuditFilter = createLoader(auditFilterParams);

/** The filter from the page's URL (or the filter form): a value that does not parse is dropped, not an error page. */
export const readAuditFilter = (params: URLSearchParams | Record<string, string | string[] | undefined>): AuditFilter => auditFilterOf(loadAuditFilter(params));

/**
 * A path with the filter as its query, in the declared order so equal filters give equal URLs:
 * `auditFilterHref("/api/audit?limit=50", filter)`. The path's own parameters come first.
 */
export const auditFilterHref: (path: string, filter: AuditFilter) => string = createSerializer(auditFilterParams);
