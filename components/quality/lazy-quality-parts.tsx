"use client";
import { lazyPart } from "@/components/ui/lazy-part";
import { LoadingBlock } from "@/components/ui/loading-block";

// Parts of the quality pages whose code loads with the page's hydration, not its first JavaScript,
// so the pages stay within their budgets (bench/budget.ts); a moderator never loads the admins'
// parts at all. Rendered on the server all the same, so nothing moves when their code arrives.

export const LazyDisputesPanel = lazyPart(() => import("./disputes-panel").then((m) => m.DisputesPanel), {
  fallback: <LoadingBlock label="Loading the disagreements" className="h-64 animate-pulse rounded-lg bg-slate-100" />,
});

export const LazyQualitySettingsForm = lazyPart(() => import("./quality-settings-form").then((m) => m.QualitySettingsForm), {
  fallback: <LoadingBlock label="Loading the sampling and goal settings" className="h-56 animate-pulse rounded-lg bg-slate-100" />,
});

/** The sample itself, with its form: in the first HTML (the page reads it), its code with the hydration. */
export const LazySecondReviewCard = lazyPart(() => import("./second-review-card").then((m) => m.SecondReviewCard), {
  fallback: <LoadingBlock label="Loading the sample" className="h-96 animate-pulse rounded-lg bg-slate-100" />,
});
