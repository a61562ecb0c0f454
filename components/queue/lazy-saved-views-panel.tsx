"use client";
import { lazyPart } from "@/components/ui/lazy-part";

// The saved views are fetched by the browser anyway, so their code need not weigh on the queue's
// first load: it comes after the rows, in a box of the same place and heading.
const placeholder = (
  <aside aria-busy="true" aria-label="Saved views (loading)" className="rounded-lg border border-slate-200 bg-white p-3">
    {/* As tall as the panel's heading: a button (24 px at least) on a phone, text on a wide screen. */}
    <p className="flex items-center text-sm font-semibold max-lg:min-h-6">Saved views</p>
    <div className="mt-3 hidden h-24 rounded bg-slate-100 motion-safe:animate-pulse lg:block" />
  </aside>
);

export const LazySavedViewsPanel = lazyPart(() => import("./saved-views-panel").then((m) => m.SavedViewsPanel), { browserOnly: true, fallback: placeholder });
