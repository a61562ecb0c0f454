import "server-only";
import { csvLine } from "@/lib/admin/audit-export";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { log } from "@/lib/log";
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
export function transparencyStream(db: Db, query: TransparencyExportQuery): ReadableStream<Uint8Array> {
  const { start, end } = rangeBounds(query);
  const format = FORMATS[query.format];
  const encoder = new TextEncoder();
  const pages = restrictionPages(db, start, end);
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          if (format.header) return controller.enqueue(encoder.encode(format.header));
        }
        try {
          const page = await pages.next();
          if (page.done) return controller.close();
          controller.enqueue(encoder.encode(page.value.map((restriction) => format.line(buildStatement(restriction))).join("")));
        } catch (error) {
          log().error({ err: error }, "the transparency export stopped: a record could not be built or read");
          controller.error(error);
        }
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The export is recorded before any row is read (it publishes decisions about users). */
export async function exportStatements(db: Db, audited: AuditRunner, query: TransparencyExportQuery) {
  const stream = await audited({ action: "transparency.export", detail: { query } }, async () => transparencyStream(db, query));
  return { stream, contentType: FORMATS[query.format].type, fileName: `statements-of-reasons-${query.from}-to-${query.to}.${query.format}` };
}
