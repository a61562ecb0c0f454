"use client";
import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { API_KEY_PAGE_SIZES, apiKeyViewOf, apiKeyViewParams, type ApiKeyView } from "@/lib/admin/api-key-view";
import { API_KEY_SCOPES } from "@/lib/chat/scopes";
import { formatNumber } from "@/lib/format/intl";
import { apiKeyListOptions, apiKeySummaryOptions } from "@/lib/queries/api-keys";
import { ErrorState } from "@/components/ui/error-state";
import { ApiKeySummaryPanel } from "./api-key-summary";
import { SCOPE_LABELS } from "./scope-badge";
import { ApiKeyTable } from "./api-key-table";
import { ApiKeySummarySkeleton, ApiKeyTableSkeleton } from "./api-keys-skeleton";

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * The keys page's live part: summary, kind filter (sent to the service), and search, sort and
 * paging over what the service returned. The view lives in the URL, replaced in place (no history
 * entry per keystroke, no server render).
 * `twoFactor`: the signed-in admin has two-factor on (a reveal then asks for the authenticator code).
 */
export function ApiKeysReview({ twoFactor }: { twoFactor: boolean }) {
  const [values, setValues] = useQueryStates(apiKeyViewParams, { history: "replace" });
  const view = apiKeyViewOf(values);
  const setView = (patch: Partial<ApiKeyView>) => void setValues(patch);
  const list = useQuery(apiKeyListOptions(view.scope));
  const summary = useQuery(apiKeySummaryOptions());
  const oldKeyIds = new Set(summary.data?.data.warnings.flatMap((w) => (w.kind === "old-keys" ? w.keys.map((k) => k.id) : [])));

  return (
    <div className="space-y-6">
      {summary.isPending ? (
        <ApiKeySummarySkeleton />
      ) : summary.isError ? (
        <ErrorState title="The key summary could not be loaded." error={summary.error} onRetry={() => summary.refetch()} />
      ) : (
        <ApiKeySummaryPanel summary={summary.data.data} />
      )}
      <ApiKeyControls view={view} onChange={setView} />
      {list.isPending ? (
        <ApiKeyTableSkeleton />
      ) : list.isError ? (
        <ErrorState title="The keys could not be loaded." error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <ApiKeyTable list={list.data} view={view} oldKeyIds={oldKeyIds} maxAgeDays={summary.data?.data.maxAgeDays} onChange={setView} twoFactor={twoFactor} />
      )}
    </div>
  );
}

function ApiKeyControls({ view, onChange }: { view: ApiKeyView; onChange: (patch: Partial<ApiKeyView>) => void }) {
  // The text box keeps its own state while typing; the URL follows each keystroke.
  const [search, setSearch] = useState(view.q);
  return (
    <form role="search" aria-label="Filter keys" onSubmit={(e) => e.preventDefault()} className="grid gap-3 sm:grid-cols-[12rem_1fr_10rem]">
      <label className="block text-sm font-medium">
        Kind of key
        <select
          value={view.scope ?? ""}
          onChange={(e) => onChange({ scope: API_KEY_SCOPES.find((scope) => scope === e.target.value) ?? null, page: 1 })}
          className={field}
        >
          <option value="">All keys</option>
          {API_KEY_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {SCOPE_LABELS[scope]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Search by name
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            onChange({ q: e.target.value, page: 1 });
          }}
          placeholder="e.g. production"
          className={field}
        />
      </label>
      <label className="block text-sm font-medium">
        Rows per page
        <select value={view.size} onChange={(e) => onChange({ size: API_KEY_PAGE_SIZES.find((size) => size === Number(e.target.value)) ?? view.size, page: 1 })} className={field}>
          {API_KEY_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {formatNumber(size)}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
