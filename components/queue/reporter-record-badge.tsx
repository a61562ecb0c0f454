import { RELIABILITY_WINDOW, hasPoorRecord, reporterRecordText, type ReporterRecord } from "@/lib/reporters/model/reporter-record";

/** A flagger's record beside their name: the words carry it, colour and the mark only repeat it. */
export function ReporterRecordBadge({ record }: { record: ReporterRecord }) {
  const poor = hasPoorRecord(record);
  const words = reporterRecordText(record);
  const label = `Reporter's record over their last ${RELIABILITY_WINDOW} decided flags: ${words}${poor ? ", mostly dismissed" : ""}`;
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs">
      <span
        role="note"
        aria-label={label}
        title={label}
        className={`rounded-full px-2 py-0.5 font-medium ring-1 ${poor ? "bg-amber-100 text-amber-900 ring-amber-300" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
      >
        {poor && <span aria-hidden="true">⚠ </span>}
        {words}
      </span>
      {record.muted && <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-900 ring-1 ring-violet-300">Muted</span>}
    </span>
  );
}
