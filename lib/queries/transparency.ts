import { queryOptions } from "@tanstack/react-query";
import type { TransparencyRange } from "@/lib/transparency/model/transparency-range";
import type { TransparencySummary } from "@/lib/transparency/model/transparency-summary";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

const rangeQuery = ({ from, to }: TransparencyRange) => new URLSearchParams({ from, to }).toString();

/** A past range's figures change only as late write-backs land: a minute's staleness is fine. */
export const transparencySummaryOptions = (range: TransparencyRange) =>
  queryOptions({
    queryKey: queryKeys.transparency.summary(range.from, range.to),
    queryFn: () => apiFetch<TransparencySummary>(`/api/transparency/summary?${rangeQuery(range)}`),
    staleTime: 60_000,
  });

/** Where the browser downloads the range's statements of reasons (a plain link: the file streams to disk). */
export const transparencyExportHref = (range: TransparencyRange, format: "jsonl" | "csv") => `/api/transparency/export?${rangeQuery(range)}&format=${format}`;
