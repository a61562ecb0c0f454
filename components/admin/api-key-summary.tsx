import { formatCount, formatNumber } from "@/lib/format/intl";
import type { ApiKeySummary, ApiKeyWarning } from "@/lib/moderation/api-key-types";
import { SCOPE_LABELS, ScopeBadge } from "./scope-badge";

/** Each warning: what was found, and what the admin can do about it. */
function warningText(warning: ApiKeyWarning): { found: string; todo: string } {
  switch (warning.kind) {
    case "several-full-access":
      return {
        found: `${formatCount(warning.count, "key has", "keys have")} full access. Each one can do everything, including deactivating users: whoever gets hold of one can too.`,
        todo: "Ask the developers which of them are still in use, and delete the others in the CometChat dashboard.",
      };
    case "old-keys":
      return {
        found: `${formatCount(warning.keys.length, "key is", "keys are")} more than ${formatNumber(warning.maxAgeDays)} days old: ${warning.keys
          .map((key) => `${key.name} (${SCOPE_LABELS[key.scope].toLowerCase()}, ${formatNumber(key.ageDays)} days)`)
          .join(", ")}.`,
        todo: "Replace each one: create a new key in the CometChat dashboard, have the developers move what uses the old key to it, then delete the old key.",
      };
  }
}

/** Keys of each kind and what deserves a second look. */
export function ApiKeySummaryPanel({ summary }: { summary: ApiKeySummary["data"] }) {
  return (
    <section aria-labelledby="key-summary-heading" className="space-y-3">
      <h2 id="key-summary-heading" className="sr-only">
        Summary
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        {(["fullAccess", "authOnly"] as const).map((scope) => {
          const count = summary.scopes[scope];
          return (
            <div key={scope} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-600">
                <ScopeBadge scope={scope} /> keys
              </dt>
              <dd className="mt-1 text-2xl font-semibold">
                {formatNumber(count.total)}
                {count.returned < count.total && (
                  <span className="ml-2 text-sm font-normal text-slate-600">({formatNumber(count.returned)} sent by the chat service)</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {summary.warnings.length > 0 && (
        <ul aria-label="Warnings" className="space-y-2">
          {summary.warnings.map((warning) => {
            const { found, todo } = warningText(warning);
            return (
              <li key={warning.kind} className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <span aria-hidden="true">⚠</span>
                <span>
                  <span className="sr-only">Warning: </span>
                  {found} <strong className="font-semibold">What to do:</strong> {todo}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
