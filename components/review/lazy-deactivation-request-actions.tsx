"use client";
import { lazyPart } from "@/components/ui/lazy-part";
import { LoadingBlock } from "@/components/ui/loading-block";

/** A request's buttons and their confirmation load after the page: they show only while a request waits, and the queue is at its script budget. */
export const LazyDeactivationRequestActions = lazyPart(() => import("./deactivation-request-actions").then((m) => m.DeactivationRequestActions), {
  browserOnly: true,
  fallback: <LoadingBlock label="Loading the request's actions" className="inline-block h-8 w-40 rounded-md bg-amber-100 motion-safe:animate-pulse" inline />,
});
