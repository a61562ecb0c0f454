import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { TransparencyReport } from "@/components/admin/transparency-report";
import { UrlState } from "@/components/ui/url-state";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { transparencySummaryOptions } from "@/lib/queries/transparency";
import { lastWholeMonth, transparencyRangeSchema } from "@/lib/transparency/model/transparency-range";
import { loadTransparencyRange, transparencyRangeParams } from "@/lib/transparency/model/transparency-range-params";
import { readTransparencySummary } from "@/lib/transparency/server/transparency-summary";
import { urlKeyOrder } from "@/lib/url/param-order";

export const metadata: Metadata = { title: "Transparency" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TransparencyPage({ searchParams }: Props) {
  await requirePageSession({ role: "admin" });
  // A range that does not parse (a hand-edited link) shows the last whole month rather than an error page.
  const range = transparencyRangeSchema.safeParse(loadTransparencyRange(await searchParams)).data ?? lastWholeMonth();
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({ ...transparencySummaryOptions(range), queryFn: async () => readTransparencySummary(await db(), range) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Transparency</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            What the team restricted and why, for a transparency report and the EU DSA Transparency Database. Each policy&apos;s category is set on the Policies
            page.
          </p>
        </div>
        <UrlState order={urlKeyOrder(transparencyRangeParams)}>
          <TransparencyReport key={`${range.from}:${range.to}`} range={range} />
        </UrlState>
      </div>
    </HydrationBoundary>
  );
}
