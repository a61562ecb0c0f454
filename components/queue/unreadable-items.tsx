import type { UnreadableItem } from "@/lib/chat/flagged-items";

/**
 * Flagged items the chat service sent in a shape the dashboard cannot read. They cannot be
 * decided here (nothing about them is certain), so they are listed apart with their id and raw
 * JSON, for a moderator to look them up in the service's console. The JSON is text in a <pre>:
 * React escapes it, and the server bounded its size.
 */
export function UnreadableItems({ items }: { items: readonly UnreadableItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="unreadable-heading" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <h2 id="unreadable-heading" className="font-semibold text-amber-950">
        {items.length === 1 ? "1 flagged item" : `${items.length} flagged items`} from the chat service could not be read
      </h2>
      <ul className="space-y-2">
        {items.map((item, i) => (
          <li key={`${item.id ?? "no-id"}-${i}`} data-unreadable-id={item.id ?? ""} className="rounded-md bg-white p-2 ring-1 ring-amber-200">
            <p className="font-medium text-slate-900">This item could not be read</p>
            <p className="text-xs text-slate-700">
              Message id: <span className="font-mono break-all">{item.id ?? "(none sent)"}</span> · {item.problem}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium text-indigo-700 underline">Show the raw JSON</summary>
              <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">
                {item.raw}
                {item.truncated && "\n… (cut: longer than the dashboard shows)"}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
