"use client";
import { viewApiKeys, type ApiKeyView } from "@/lib/admin/api-key-view";
import type { MaskedApiKey, MaskedApiKeyList } from "@/lib/moderation/api-key-types";
import { TableScroll } from "@/components/ui/table-scroll";
import { LocalDate, TimeAgo } from "@/components/ui/time-ago";
import { formatCount, formatNumber } from "@/lib/format/intl";
import { lazyPart } from "@/components/ui/lazy-part";
import { SCOPE_LABELS, ScopeBadge } from "./scope-badge";
import { useKeyReveal, type KeyReveal } from "./use-key-reveal";

// Asked for only when a reveal needs it: its code loads then, not with the page.
const PresenceDialog = lazyPart(() => import("./presence-dialog").then((m) => m.PresenceDialog));

const linkButton = "rounded px-2 py-1 font-medium text-indigo-700 underline hover:bg-indigo-50 disabled:opacity-50";

type Props = {
  list: MaskedApiKeyList;
  view: ApiKeyView;
  oldKeyIds: ReadonlySet<string>;
  maxAgeDays: number | undefined;
  onChange: (patch: Partial<ApiKeyView>) => void;
  /** The admin has two-factor on: a reveal asks for the authenticator code rather than the password. */
  twoFactor: boolean;
};

export function ApiKeyTable({ list, view, oldKeyIds, maxAgeDays, onChange, twoFactor }: Props) {
  const page = viewApiKeys(list.data, view);
  const reveal = useKeyReveal();
  const { pagination, returned } = list.meta;
  const sortBy = (sort: ApiKeyView["sort"]) =>
    onChange(view.sort === sort ? { dir: view.dir === "asc" ? "desc" : "asc", page: 1 } : { sort, dir: sort === "name" ? "asc" : "desc", page: 1 });
  const ariaSort = (sort: ApiKeyView["sort"]) => (view.sort === sort ? (view.dir === "asc" ? "ascending" : "descending") : undefined);

  return (
    <div className="space-y-3">
      {reveal.awaitingPresence && (
        <PresenceDialog open twoFactor={twoFactor} keyName={reveal.awaitingPresence.key.name} onConfirmed={reveal.presenceGiven} onCancel={reveal.presenceCancelled} />
      )}
      <ServiceMeta pagination={pagination} returned={returned} filtered={view.scope !== null} />
      {page.matching === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {returned === 0
            ? `The chat service lists no ${view.scope ? `${SCOPE_LABELS[view.scope].toLowerCase()} ` : ""}keys.`
            : `No key name contains “${view.q}” among the ${formatCount(returned, "key")} the service sent.`}
        </p>
      ) : (
            <TableScroll label="API keys">
          <table className="min-w-full text-sm">
            <caption className="sr-only">API keys, sorted by {view.sort === "name" ? "name" : "creation date"}</caption>
            <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" aria-sort={ariaSort("name")} className="px-4 py-2">
                  <SortButton label="Name" active={view.sort === "name"} dir={view.dir} onClick={() => sortBy("name")} />
                </th>
                <th scope="col" className="px-4 py-2">Can do</th>
                <th scope="col" aria-sort={ariaSort("createdAt")} className="px-4 py-2">
                  <SortButton label="Created" active={view.sort === "createdAt"} dir={view.dir} onClick={() => sortBy("createdAt")} />
                </th>
                <th scope="col" className="px-4 py-2">Key</th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <KeyRows keys={page.rows} oldKeyIds={oldKeyIds} maxAgeDays={maxAgeDays} reveal={reveal} />
          </table>
        </TableScroll>
      )}
      {page.matching > 0 && (
        <nav aria-label="Key pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            Showing {formatNumber(page.firstIndex + 1)}–{formatNumber(page.firstIndex + page.rows.length)} of {formatNumber(page.matching)}
            {page.matching < returned ? ` matching (of ${formatNumber(returned)} sent)` : ""}
          </p>
          <div className="flex items-center gap-2">
            <button type="button" disabled={page.page <= 1} onClick={() => onChange({ page: page.page - 1 })} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50">
              Previous
            </button>
            <span aria-current="page">
              Page {formatNumber(page.page)} of {formatNumber(page.pageCount)}
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

/** How many keys the chat service sent, and, when it holds more, that the rest are missing here. */
function ServiceMeta({ pagination, returned, filtered }: { pagination: MaskedApiKeyList["meta"]["pagination"]; returned: number; filtered: boolean }) {
  return pagination.total > returned ? (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      The chat service holds {formatCount(pagination.total, "key")} but sent only {formatNumber(returned)}. The other{" "}
      {formatNumber(pagination.total - returned)} are not shown, searched or counted here: look them up in the CometChat dashboard.
    </p>
  ) : (
    <p className="text-sm text-slate-700">
      The chat service sent every key it holds{filtered ? " of this kind" : ""}: {formatCount(returned, "key")}.
    </p>
  );
}

type KeyRowsProps = { keys: MaskedApiKey[]; oldKeyIds: ReadonlySet<string>; maxAgeDays: number | undefined; reveal: KeyReveal };

function KeyRows({ keys, oldKeyIds, maxAgeDays, reveal }: KeyRowsProps) {
  const { revealed, ask, hide } = reveal;
  return (
    <tbody className="divide-y divide-slate-200">
      {keys.map((key) => {
        const shown = revealed?.id === key.id ? revealed : undefined;
        const busy = reveal.busyId === key.id;
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
              <LocalDate seconds={key.createdAt} />
              <span className="block text-xs text-slate-600">
                <TimeAgo seconds={key.createdAt} />
              </span>
              {oldKeyIds.has(key.id) && maxAgeDays !== undefined && (
                <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 text-xs text-amber-950">over {formatNumber(maxAgeDays)} days old: replace it</span>
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
