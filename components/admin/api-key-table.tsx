"use client";
import { viewApiKeys, type ApiKeyView } from "@/lib/admin/api-key-view";
import type { MaskedApiKey, MaskedApiKeyList } from "@/lib/moderation/api-key-types";
import { useRevealApiKey } from "@/lib/queries/api-key-mutations";
import { formatAbsolute, TimeAgo } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";
import { ScopeBadge } from "./scope-badge";
import { useRevealedKey } from "./use-revealed-key";

const linkButton = "rounded px-2 py-1 font-medium text-indigo-700 underline hover:bg-indigo-50 disabled:opacity-50";

type Props = {
  list: MaskedApiKeyList;
  view: ApiKeyView;
  oldKeyIds: ReadonlySet<string>;
  maxAgeDays: number | undefined;
  onChange: (patch: Partial<ApiKeyView>) => void;
};

export function ApiKeyTable({ list, view, oldKeyIds, maxAgeDays, onChange }: Props) {
  const page = viewApiKeys(list.data, view);
  const { pagination, returned } = list.meta;
  const sortBy = (sort: ApiKeyView["sort"]) =>
    onChange(view.sort === sort ? { dir: view.dir === "asc" ? "desc" : "asc", page: 1 } : { sort, dir: sort === "name" ? "asc" : "desc", page: 1 });
  const ariaSort = (sort: ApiKeyView["sort"]) => (view.sort === sort ? (view.dir === "asc" ? "ascending" : "descending") : undefined);

  return (
    <div className="space-y-3">
      <ServiceMeta pagination={pagination} returned={returned} />
      {page.matching === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {returned === 0
            ? `The chat service lists no ${view.scope ? `${view.scope} ` : ""}keys.`
            : `No key name contains “${view.q}” among the ${returned} keys the service sent.`}
        </p>
      ) : (
        // relative: screen-reader-only text in the cells is clipped by the scroll box instead of widening the page.
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">API keys, sorted by {view.sort === "name" ? "name" : "creation date"}</caption>
            <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" aria-sort={ariaSort("name")} className="px-4 py-2">
                  <SortButton label="Name" active={view.sort === "name"} dir={view.dir} onClick={() => sortBy("name")} />
                </th>
                <th scope="col" className="px-4 py-2">Scope</th>
                <th scope="col" aria-sort={ariaSort("createdAt")} className="px-4 py-2">
                  <SortButton label="Created" active={view.sort === "createdAt"} dir={view.dir} onClick={() => sortBy("createdAt")} />
                </th>
                <th scope="col" className="px-4 py-2">Key</th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <KeyRows keys={page.rows} oldKeyIds={oldKeyIds} maxAgeDays={maxAgeDays} />
          </table>
        </div>
      )}
      {page.matching > 0 && (
        <nav aria-label="Key pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            Showing {page.firstIndex + 1}–{page.firstIndex + page.rows.length} of {page.matching}
            {page.matching < returned ? ` matching (of ${returned} sent)` : ""}
          </p>
          <div className="flex items-center gap-2">
            <button type="button" disabled={page.page <= 1} onClick={() => onChange({ page: page.page - 1 })} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50">
              Previous
            </button>
            <span aria-current="page">
              Page {page.page} of {page.pageCount}
            </span>
            <button type="button" disabled={page.page >= page.pageCount} onClick={() => onChange({ page: page.page + 1 })} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50">
              Next
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}

function SortButton({ label, active, dir, onClick }: { label: string; active: boolean; dir: "asc" | "desc"; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="inline-flex items-center gap-1 font-semibold uppercase hover:text-slate-900">
      {label}
      <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
    </button>
  );
}

/** The service's own pagination meta, as sent, and what it means for this page. */
function ServiceMeta({ pagination, returned }: { pagination: MaskedApiKeyList["meta"]["pagination"]; returned: number }) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        Search, sort and pages run in your browser over the {returned} keys the chat service sent: its API names no search or page
        parameters the dashboard could pass on. Only the scope filter is sent to the service.
      </p>
      <section aria-labelledby="service-pagination-heading">
        <h2 id="service-pagination-heading" className="font-medium">
          What the service reported
        </h2>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 font-mono text-xs">
          {(["total", "count", "per_page", "current_page", "total_pages"] as const).map((name) => (
            <div key={name} className="flex gap-1">
              <dt>{name}</dt>
              <dd className="font-semibold">{pagination[name]}</dd>
            </div>
          ))}
        </dl>
      </section>
      {pagination.total > returned && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950">
          The service holds {pagination.total} keys but sent {returned}. The {pagination.total - returned} it did not send are not shown,
          searched or counted here.
        </p>
      )}
    </div>
  );
}

function KeyRows({ keys, oldKeyIds, maxAgeDays }: { keys: MaskedApiKey[]; oldKeyIds: ReadonlySet<string>; maxAgeDays: number | undefined }) {
  const reveal = useRevealApiKey();
  const { revealed, show, hide } = useRevealedKey();
  const toast = useToast();

  const ask = (key: MaskedApiKey, purpose: "reveal" | "copy") =>
    reveal.mutate(
      { id: key.id, purpose },
      {
        onSuccess: async ({ data }) => {
          if (purpose === "reveal") return show(key.id, data.apiKey);
          try {
            await navigator.clipboard.writeText(data.apiKey);
            toast({ tone: "success", message: `The key “${key.name}” is on your clipboard. The copy is in the audit log.` });
          } catch {
            toast({ tone: "error", message: "The browser did not allow copying. Use Reveal and copy the value by hand." });
          }
        },
        onError: (error) => toast({ tone: "error", message: error.message }),
      },
    );

  return (
    <tbody className="divide-y divide-slate-200">
      {keys.map((key) => {
        const shown = revealed?.id === key.id ? revealed : undefined;
        const busy = reveal.isPending && reveal.variables.id === key.id;
        return (
          <tr key={key.id}>
            <th scope="row" className="px-4 py-2 text-left font-medium">
              {key.name}
              {key.usedByDashboard && (
                <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-300">
                  used by this dashboard
                </span>
              )}
            </th>
            <td className="px-4 py-2">
              <ScopeBadge scope={key.scope} />
            </td>
            <td className="px-4 py-2 whitespace-nowrap">
              <TimeAgo seconds={key.createdAt} />
              <span className="block text-xs text-slate-600">{formatAbsolute(key.createdAt)}</span>
              {oldKeyIds.has(key.id) && maxAgeDays !== undefined && (
                <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 text-xs text-amber-950">older than {maxAgeDays} days</span>
              )}
            </td>
            <td className="px-4 py-2" aria-live="polite">
              <code className={`font-mono break-all ${shown ? "rounded bg-amber-50 px-1 ring-1 ring-amber-300" : ""}`}>{shown ? shown.value : key.apiKey}</code>
              {shown && <span className="block text-xs text-slate-600">Masked again in {shown.secondsLeft} s</span>}
            </td>
            <td className="px-4 py-2 text-right whitespace-nowrap">
              {key.usedByDashboard ? (
                <span className="text-xs text-slate-600">Never leaves the server</span>
              ) : (
                <>
                  {shown ? (
                    <button type="button" className={linkButton} onClick={hide}>
                      Hide<span className="sr-only"> {key.name}</span>
                    </button>
                  ) : (
                    <button type="button" className={linkButton} disabled={busy} onClick={() => ask(key, "reveal")}>
                      Reveal<span className="sr-only"> {key.name}</span>
                    </button>
                  )}
                  <button type="button" className={linkButton} disabled={busy} onClick={() => ask(key, "copy")}>
                    Copy<span className="sr-only"> {key.name}</span>
                  </button>
                </>
              )}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}
