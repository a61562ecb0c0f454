"use client";
import { useId, useState } from "react";
import type { AuditEntry } from "@/lib/admin/audit-filters";
import { AUDIT_OUTCOME_LABELS } from "@/lib/audit/actions";
import { TableScroll } from "@/components/ui/table-scroll";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";

const outcomeLook: Record<AuditEntry["outcome"], string> = {
  success: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  failure: "bg-red-50 text-red-800 ring-red-300",
  pending: "bg-amber-50 text-amber-900 ring-amber-300",
  unknown: "bg-amber-50 text-amber-900 ring-amber-400",
};

/** Failed sign-ins have no staff member; the address they tried is in the detail. */
function actorOf(entry: AuditEntry): string {
  const tried = entry.detail.email;
  return entry.staffEmail ?? (typeof tried === "string" ? tried : "—");
}

function targetsOf(entry: AuditEntry): string {
  const uids = entry.targetUids.length > 3 ? [...entry.targetUids.slice(0, 3), `+${entry.targetUids.length - 3} more`] : entry.targetUids;
  return [...uids, ...(entry.targetMessageId ? [`message ${entry.targetMessageId}`] : [])].join(", ") || "—";
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableScroll label="Audit log entries">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-4">When</th>
            <th scope="col" className="px-2 py-2 sm:px-4">Staff</th>
            <th scope="col" className="px-2 py-2 sm:px-4">Action</th>
            <th scope="col" className="hidden px-2 py-2 sm:table-cell sm:px-4">Target</th>
            <th scope="col" className="px-2 py-2 sm:px-4">Outcome</th>
            <th scope="col" className="px-2 py-2 sm:px-4"><span className="sr-only">Details</span></th>
          </tr>
        </thead>
        {entries.map((entry) => (
          <AuditRowGroup key={entry.id} entry={entry} />
        ))}
      </table>
    </TableScroll>
  );
}

/** One entry and its expandable detail, as a tbody of its own so the two rows stay together. */
function AuditRowGroup({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const seconds = Math.floor(Date.parse(entry.at) / 1000);
  return (
    <tbody className="border-t border-slate-200" data-entry-id={entry.id}>
      <tr>
        <td className="px-2 py-2 sm:px-4">
          {formatAbsolute(seconds)}
          <span className="block text-xs text-slate-600">
            <TimeAgo seconds={seconds} />
          </span>
        </td>
        <td className="px-2 py-2 sm:px-4">
          <span className="break-all">{actorOf(entry)}</span>
          {entry.staffRole && <span className="block text-xs text-slate-600">{entry.staffRole}</span>}
        </td>
        <td className="px-2 py-2 font-mono text-xs break-all sm:px-4">{entry.action}</td>
        <td className="hidden px-2 py-2 break-all sm:table-cell sm:px-4">{targetsOf(entry)}</td>
        <td className="px-2 py-2 sm:px-4">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${outcomeLook[entry.outcome]}`}>{AUDIT_OUTCOME_LABELS[entry.outcome]}</span>
          {entry.errorCode && <span className="block text-xs text-slate-600">{entry.errorCode}</span>}
        </td>
        <td className="px-2 py-2 sm:px-4 text-right">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen(!open)}
            className="rounded px-2 py-1 font-medium text-indigo-700 underline hover:bg-indigo-50"
          >
            {open ? "Hide" : "Details"}
            <span className="sr-only"> of entry {entry.id}</span>
          </button>
        </td>
      </tr>
      <tr id={detailId} hidden={!open}>
        <td colSpan={6} className="bg-slate-50 px-4 py-3">
          {open && <AuditEntryDetail entry={entry} />}
        </td>
      </tr>
    </tbody>
  );
}

function AuditEntryDetail({ entry }: { entry: AuditEntry }) {
  const rows: [string, string][] = [
    ["Entry", String(entry.id)],
    ["Time", entry.at],
    ["Staff", [entry.staffEmail, entry.staffRole, entry.staffId && `id ${entry.staffId}`].filter(Boolean).join(" · ") || "—"],
    ["Action", entry.action],
    ["Outcome", [AUDIT_OUTCOME_LABELS[entry.outcome], entry.errorCode, entry.errorStatus && `HTTP ${entry.errorStatus}`].filter(Boolean).join(" · ")],
    ["Target UIDs", entry.targetUids.join(", ") || "—"],
    ["Message id", entry.targetMessageId ?? "—"],
    ["Request id", entry.requestId ?? "—"],
  ];
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-mono text-xs break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="text-sm text-slate-600">Detail</p>
        <pre className="mt-1 max-h-80 overflow-auto rounded bg-white p-2 text-xs ring-1 ring-slate-200">{JSON.stringify(entry.detail, null, 2)}</pre>
      </div>
    </div>
  );
}
