"use client";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type MouseEvent } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { formatNumber } from "@/lib/format/intl";
import { savedViewCountsOptions, savedViewsOptions } from "@/lib/queries/saved-views";
import { queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";
import type { SavedView } from "@/lib/review/model/saved-view-schemas";

// Saving, renaming and deleting are occasional: their code loads when first opened.
const SavedViewForm = lazyPart(() => import("./saved-view-form").then((m) => m.SavedViewForm));
const DeleteSavedViewDialog = lazyPart(() => import("./delete-saved-view-dialog").then((m) => m.DeleteSavedViewDialog));

type Editing = { kind: "save" } | { kind: "edit"; saved: SavedView };

/**
 * The queue's saved views, mine and the team's, each with how many items it shows over the whole
 * queue (one request counts them all). A view is a link to its URL; a plain click applies it in
 * place, like any other change of the view.
 */
export function SavedViewsPanel({ view, onApply }: { view: QueueView; onApply: (view: QueueView) => void }) {
  const query = useQuery(savedViewsOptions());
  const countsQuery = useQuery(savedViewCountsOptions());
  const counts = countsQuery.data;
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const bodyId = useId();
  const views = query.data?.data;
  const current = queueViewToSearch(view);
  const mine = views?.filter((v) => v.mine) ?? [];
  const team = views?.filter((v) => !v.mine) ?? [];

  const section = (title: string, list: SavedView[]) =>
    list.length > 0 && (
      <div>
        <h3 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
        <ul aria-label={title} className="mt-1 space-y-0.5">
          {list.map((saved) => (
            <SavedViewItem
              key={saved.id}
              saved={saved}
              count={countsQuery.isError ? null : counts?.[saved.id]}
              active={queueViewToSearch(saved.view) === current}
              onApply={() => onApply(saved.view)}
              onEdit={() => setEditing({ kind: "edit", saved })}
              onDelete={() => setDeleting(saved)}
            />
          ))}
        </ul>
      </div>
    );

  return (
    <aside aria-labelledby={`${bodyId}-title`} className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 id={`${bodyId}-title`} className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
          className="flex w-full items-center justify-between rounded-md text-left lg:hidden"
        >
          Saved views{views ? ` (${views.length})` : ""}
          <span aria-hidden="true">{expanded ? "▴" : "▾"}</span>
        </button>
        <span className="hidden lg:inline">Saved views</span>
      </h2>
      <div id={bodyId} className={`${expanded ? "" : "hidden"} mt-3 space-y-3 lg:block`}>
        <button
          type="button"
          onClick={() => setEditing({ kind: "save" })}
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          Save view
        </button>
        {query.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading saved views" className="space-y-2 motion-safe:animate-pulse">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-6 rounded bg-slate-100" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState title="The saved views could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
        ) : mine.length + team.length === 0 ? (
          <p className="text-sm text-slate-600">No saved views yet: set filters, then Save view.</p>
        ) : (
          <>
            {section("My views", mine)}
            {section("Team views", team)}
          </>
        )}
      </div>
      {editing && <SavedViewForm editing={editing} view={view} onClose={() => setEditing(null)} />}
      {deleting && <DeleteSavedViewDialog saved={deleting} onClose={() => setDeleting(null)} />}
    </aside>
  );
}

function SavedViewItem({
  saved,
  count,
  active,
  onApply,
  onEdit,
  onDelete,
}: {
  saved: SavedView;
  /** undefined while counting; null when the count could not be read. */
  count: number | null | undefined;
  active: boolean;
  onApply: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  function apply(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab or window) is the browser's; a plain one changes the view in place.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onApply();
  }
  const smallButton = "rounded px-1 text-xs text-indigo-700 underline hover:bg-slate-100";
  return (
    <li>
      <a
        href={`/${queueViewToSearch(saved.view)}`}
        aria-current={active ? "page" : undefined}
        onClick={apply}
        className={`flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm ${active ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-100"}`}
      >
        <span className="truncate">{saved.name}</span>{" "}
        {/* The count arrives after the list. Its slot keeps a reserved width, and the number comes as
            a new element in place of the "…" (keys differ): text edited in place moves its start when
            right-aligned, which the browser counts as a layout shift. */}
        <span
          aria-busy={count === undefined || undefined}
          className={`min-w-[4ch] shrink-0 text-right text-xs tabular-nums ${active ? "text-slate-300" : "text-slate-500"}`}
        >
          <span key={count === undefined ? "pending" : "known"}>
            {count === undefined ? "…" : count === null ? "–" : formatNumber(count)}
            <span className="sr-only">{count === null ? " count unavailable" : count === 1 ? " item" : " items"}</span>
          </span>
        </span>
      </a>
      <div className="flex flex-wrap items-center gap-x-1 px-2 text-xs text-slate-500">
        {!saved.mine && <span>by {saved.ownerName}</span>}
        {saved.mine && saved.shared && <span>shared</span>}
        {saved.mine && (
          <button type="button" onClick={onEdit} className={smallButton}>
            Edit<span className="sr-only"> {saved.name}</span>
          </button>
        )}
        {saved.canDelete && (
          <button type="button" onClick={onDelete} className={smallButton}>
            Delete<span className="sr-only"> {saved.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
