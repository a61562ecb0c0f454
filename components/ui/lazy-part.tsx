"use client";
import { Suspense, lazy, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

type LazyPartOptions = {
  /** Shown while the code loads (and, with `browserOnly`, on the server). */
  fallback?: ReactNode;
  /** Rendered in the browser only: the server and hydration show the fallback. */
  browserOnly?: boolean;
};

/**
 * A component whose code loads the first time it renders, not with the page, inside a Suspense
 * boundary of its own so that loading it never suspends the page around it. React's own lazy():
 * next/dynamic does the same with about 1.4 kB more first JavaScript on every page that uses it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, { fallback = null, browserOnly = false }: LazyPartOptions = {}) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    const hydrated = useHydrated();
    if (browserOnly && !hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
