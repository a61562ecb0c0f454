import "server-only";
import { csvLine } from "@/lib/admin/audit-export";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { pagedTextStream } from "@/lib/async/paged-text-stream";
import { buildStatement } from "@/lib/transparency/model/build-statement";
import { STATEMENT_COLUMNS, type StatementOfReasons } from "@/lib/transparency/model/statement-of-reasons";
import { rangeBounds, type TransparencyExportQuery } from "@/lib/transparency/model/transparency-range";
import { restrictionPages } from "./restrictions";

const csvValue = (value: StatementOfReasons[keyof StatementOfReasons]) => (value === undefined || value === null ? null : Array.isArray(value) ? value.join(" ") : value);

const FORMATS = {
  jsonl: { header: "", line: (s: StatementOfReasons) => `${JSON.stringify(s)}\n`, type: "application/jsonl; charset=utf-8" },
  csv: { header: csvLine(STATEMENT_COLUMNS), line: (s: StatementOfReasons) => csvLine(STATEMENT_COLUMNS.map((column) => csvValue(s[column]))), type: "text/csv; charset=utf-8" },
} as const;

/**
 * The range's statements of reasons as JSON Lines or CSV, read page by page as the client takes
 * them. Each record is checked against the API's schema as it is built (buildStatement): one that
 * fails ends the download with an error (logged with its id) rather than publish a record the
 * database would refuse, so a file that arrives whole is a file of valid records.
 */
function transparencyStream(db: Db, query: TransparencyExportQuery): ReadableStream<Uint8Array> {
  const { start, end } = rangeBounds(query);
  const format = FORMATS[query.format];
  async function* lines(): AsyncGenerator<string, void> {
    for await (const page of restrictionPages(db, start, end)) yield page.map((restriction) => format.line(buildStatement(restriction))).join("");
  }
  return pagedTextStream(format.header, lines(), "the transparency export stopped: a record could not be built or read");
}

/** The export is recorded before any row is read (it publishes decisions about users). */
export async function exportStatements(db: Db, audited: AuditRunner, query: TransparencyExportQuery) {
  const stream = await audited({ action: "transparency.export", detail: { query } }, async () => transparencyStream(db, query));
  return { stream, contentType: FORMATS[query.format].type, fileName: `statements-of-reasons-${query.from}-to-${query.to}.${query.format}` };
}
