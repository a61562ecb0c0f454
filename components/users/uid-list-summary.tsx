import { formatCount, formatNumber } from "@/lib/format/intl";
import type { ParsedUidList } from "@/lib/users/parse-uid-list";

/**
 * What a pasted UID list comes to: how many will be sent, what was removed, and which entries
 * are not UIDs (with why). A live region, so the count is heard as the list is typed.
 */
export function UidListSummary({ parsed, max, excludedReason }: { parsed: ParsedUidList; max: number; excludedReason?: string }) {
  const count = parsed.uids.length;
  const removed = [
    parsed.duplicates > 0 && `${formatCount(parsed.duplicates, "duplicate")} removed`,
    parsed.excluded.length > 0 && excludedReason,
  ].filter(Boolean);
  return (
    <div className="space-y-2 text-sm">
      <p aria-live="polite">
        <strong>{formatCount(count, "UID")}</strong>{" "}
        to send{removed.length > 0 ? ` (${removed.join("; ")})` : ""}.
        {count > max && <span className="font-medium text-red-700"> That is more than the {formatNumber(max)} allowed at once; shorten the list.</span>}
      </p>
      {parsed.invalid.length > 0 && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">
            {formatCount(parsed.invalid.length, "entry is", "entries are")} not a valid UID and will not be sent:
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {parsed.invalid.slice(0, 20).map((item, i) => (
              <li key={`${i}-${item.entry}`}>
                <code className="break-all">{item.entry === "" ? '""' : item.entry.length > 40 ? `${item.entry.slice(0, 40)}…` : item.entry}</code>: {item.reason}
              </li>
            ))}
          </ul>
          {parsed.invalid.length > 20 && <p className="mt-1">…and {formatNumber(parsed.invalid.length - 20)} more.</p>}
        </div>
      )}
    </div>
  );
}
