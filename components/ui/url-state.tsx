"use client";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useCallback, type ReactNode } from "react";
import { inDeclaredOrder } from "@/lib/url/param-order";

/**
 * Where a page keeps its view in the address (nuqs): around the views that read and write it, not
 * the root layout, so pages without URL state do not load it. `order` is the page's parameters as
 * its declaration lists them (urlKeyOrder), the order they are written in.
 */
export function UrlState({ order, children }: { order: readonly string[]; children: ReactNode }) {
  const inOrder = useCallback((search: URLSearchParams) => inDeclaredOrder(search, order), [order]);
  return <NuqsAdapter processUrlSearchParams={inOrder}>{children}</NuqsAdapter>;
}
