import "server-only";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { pagedTextStream } from "@/lib/async/paged-text-stream";
import { auditedPolicy } from "@/lib/policies/model/policy-schemas";
import type { AuditEntry, AuditFilter } from "./audit-filters";
import { readAuditRows, type AuditCursor } from "./audit-log";

/** Rows read from the database per step of the stream: memory stays flat however long the log is. */
export const EXPORT_CHUNK_ROWS = 500;

const policyOf = (entry: AuditEntry) => auditedPolicy(entry.detail);

const COLUMNS: [string, (entry: AuditEntry) => string | number | null][] = [
  ["id", (e) => e.id],
  ["at", (e) => e.at],
  ["staff_email", (e) => e.staffEmail],
  ["staff_role", (e) => e.staffRole],
  ["action", (e) => e.action],
  ["outcome", (e) => e.outcome],
  ["target_uids", (e) => e.targetUids.join(" ")],
  ["target_message_id", (e) => e.targetMessageId],
  ["error_code", (e) => e.errorCode],
  ["error_status", (e) => e.errorStatus],
  ["request_id", (e) => e.requestId],
  ["policy_id", (e) => policyOf(e)?.id ?? null],
  ["policy", (e) => policyOf(e)?.name ?? null],
  ["detail", (e) => JSON.stringify(e.detail)],
];

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (= + - @, or a leading tab
 * or carriage return) is prefixed with an apostrophe: UIDs, names and remarks come from chat users.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export const csvHeader = () => csvLine(COLUMNS.map(([name]) => name));
export const csvRow = (entry: AuditEntry) => csvLine(COLUMNS.map(([, read]) => read(entry)));

async function* auditCsvParts(db: Db, filter: AuditFilter, chunkRows: number): AsyncGenerator<string, void> {
  let cursor: AuditCursor | undefined;
  do {
    const { rows, next } = await readAuditRows(db, filter, cursor, chunkRows);
    yield rows.map(csvRow).join("");
    cursor = next;
  } while (cursor);
}

/** The filtered log as CSV, newest first, read page by page as the client takes it. */
export function auditCsvStream(db: Db, filter: AuditFilter, chunkRows = EXPORT_CHUNK_ROWS): ReadableStream<Uint8Array> {
  return pagedTextStream(csvHeader(), auditCsvParts(db, filter, chunkRows), "the audit export stopped: a page of the log could not be read");
}

/**
 * The export is itself recorded (the log names staff and users), before any row is read: its row
 * is finished by the time the stream starts, so it appears in its own export when the filter matches.
 */
export async function exportAuditCsv(db: Db, audited: AuditRunner, filter: AuditFilter): Promise<ReadableStream<Uint8Array>> {
  return audited({ action: "audit.export", detail: { filter } }, async () => auditCsvStream(db, filter));
}

export function exportFileName(now = new Date()): string {
  return `audit-log-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.csv`;
}
