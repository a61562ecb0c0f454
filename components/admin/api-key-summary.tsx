import type { ApiKeySummary, ApiKeyWarning } from "@/lib/moderation/api-key-types";
import { ScopeBadge } from "./scope-badge";

function warningText(warning: ApiKeyWarning): string {
  switch (warning.kind) {
    case "several-full-access":
      return `${warning.count} keys have fullAccess. Each one can do everything the dashboard can; keep only those still in use.`;
    case "old-keys":
      return `${warning.keys.length === 1 ? "1 key is" : `${warning.keys.length} keys are`} older than ${warning.maxAgeDays} days: ${warning.keys
        .map((key) => `${key.name} (${key.scope}, ${key.ageDays} days)`)
        .join(", ")}. Old keys are worth rotating.`;
  }
}

/** Keys per scope and what deserves a second look. */
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
                {count.total}
                {count.returned < count.total && (
                  <span className="ml-2 text-sm font-normal text-slate-600">({count.returned} sent by the service)</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {summary.warnings.length > 0 && (
        <ul aria-label="Warnings" className="space-y-2">
          {summary.warnings.map((warning) => (
            <li key={warning.kind} className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <span aria-hidden="true">⚠</span>
              <span>
                <span className="sr-only">Warning: </span>
                {warningText(warning)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
