"use client";
import { useId, useState, type FormEvent } from "react";
import { AUDIT_FILTER_KEYS, fromNotAfterTo, readAuditFilter, type AuditFilter } from "@/lib/admin/audit-filter-url";
import { AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES } from "@/lib/audit/actions";
import type { StaffMember } from "@/lib/staff/staff-schemas";

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * The filter as a form; fields start from the URL's filter (the parent re-keys the form when the
 * URL changes, e.g. on Back). Applying hands the parsed filter up, which writes the URL. Dates
 * that end before they start are refused here, beside the fields, and nothing is asked.
 */
export function AuditFilterForm({ filter, staff, onApply }: { filter: AuditFilter; staff: StaffMember[]; onApply: (filter: AuditFilter) => void }) {
  const datesProblemId = useId();
  const [datesBackwards, setDatesBackwards] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const raw = Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, String(data.get(key) ?? "").trim()]));
    const backwards = !fromNotAfterTo({ from: raw.from || undefined, to: raw.to || undefined });
    setDatesBackwards(backwards);
    if (!backwards) onApply(readAuditFilter(raw));
  };
  const dateProps = datesBackwards ? { "aria-invalid": true, "aria-describedby": datesProblemId } : {};
  const unknownStaff = filter.staff !== undefined && !staff.some((member) => member.id === filter.staff);
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <label className="block text-sm font-medium">
        Staff member
        <select name="staff" defaultValue={filter.staff ?? ""} className={field}>
          <option value="">Anyone</option>
          {unknownStaff && <option value={filter.staff}>{filter.staff}</option>}
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.email}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Action
        <select name="action" defaultValue={filter.action ?? ""} className={field}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Target UID
        <input name="uid" defaultValue={filter.uid ?? ""} maxLength={100} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Message id
        <input name="message" defaultValue={filter.message ?? ""} maxLength={100} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Outcome
        <select name="outcome" defaultValue={filter.outcome ?? ""} className={field}>
          <option value="">Any outcome</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {AUDIT_OUTCOME_LABELS[outcome]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        From (UTC)
        <input name="from" type="date" defaultValue={filter.from ?? ""} className={field} {...dateProps} />
      </label>
      <label className="block text-sm font-medium">
        To (UTC, inclusive)
        <input name="to" type="date" defaultValue={filter.to ?? ""} className={field} {...dateProps} />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800">
          Apply filters
        </button>
        <button type="button" onClick={() => onApply({})} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
          Clear
        </button>
      </div>
      {datesBackwards && (
        <p id={datesProblemId} role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          From is later than To: pick a To date on or after the From date. The filter was not applied.
        </p>
      )}
    </form>
  );
}
