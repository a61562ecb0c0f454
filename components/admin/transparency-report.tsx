"use client";
import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useState, type FormEvent } from "react";
import { DataTable } from "@/components/ui/data-table";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatNumber } from "@/lib/format/intl";
import { transparencyExportHref, transparencySummaryOptions } from "@/lib/queries/transparency";
import { DECISION_GROUNDS, STATEMENT_CATEGORIES } from "@/lib/transparency/model/dsa-vocabulary";
import { MAX_RANGE_DAYS, daysBetween } from "@/lib/transparency/model/range-days";
import type { TransparencyRange } from "@/lib/transparency/model/transparency-range";
import { transparencyRangeParams } from "@/lib/transparency/model/transparency-range-params";
import type { TransparencySummary } from "@/lib/transparency/model/transparency-summary";

const input = "mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
const button = "inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold";

/**
 * The transparency report for a range of days: the figures a report gives, and the range's
 * statements of reasons to download in the DSA Transparency Database's fields. The range is in the
 * URL (the server reads it with the page), so a reload or a shared link shows the same report.
 */
export function TransparencyReport({ range }: { range: TransparencyRange }) {
  // A new range is a history entry and a server render (the page reads the range with its data).
  const [, setRange] = useQueryStates(transparencyRangeParams, { history: "push", shallow: false });
  const query = useQuery(transparencySummaryOptions(range));
  const [error, setError] = useState<string>();

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = String(data.get("from") ?? "");
    const to = String(data.get("to") ?? "");
    const days = daysBetween(from, to);
    if (!(days >= 0)) return setError("Choose a first day on or before the last day.");
    if (days >= MAX_RANGE_DAYS) return setError(`Choose at most ${MAX_RANGE_DAYS} days.`);
    setError(undefined);
    void setRange({ from, to });
  }

  return (
    <div className="space-y-6">
      <form onSubmit={show} className="flex flex-wrap items-end gap-3" aria-describedby={error ? "range-error" : undefined}>
        <label className="text-sm font-medium">
          First day
          <input name="from" type="date" required defaultValue={range.from} className={input} />
        </label>
        <label className="text-sm font-medium">
          Last day
          <input name="to" type="date" required defaultValue={range.to} className={input} />
        </label>
        <button type="submit" className={`${button} bg-slate-900 text-white`}>
          Show
        </button>
        {error && (
          <p id="range-error" role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </form>

      <section aria-labelledby="downloads-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="downloads-heading" className="text-lg font-semibold">
          Statements of reasons
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">
          Every decision from {range.from} to {range.to} that hid a message or deactivated an account, one record each, in the fields and values of the EU DSA
          Transparency Database&apos;s API. Each record is checked against that schema before it is written. Downloads are recorded in the audit log.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={transparencyExportHref(range, "jsonl")} download className={`${button} border border-slate-300 hover:bg-slate-50`}>
            Download JSON Lines
          </a>
          <a href={transparencyExportHref(range, "csv")} download className={`${button} border border-slate-300 hover:bg-slate-50`}>
            Download CSV
          </a>
        </div>
      </section>

      <section aria-labelledby="figures-heading" className="space-y-3">
        <h2 id="figures-heading" className="text-lg font-semibold">
          Figures for {range.from} to {range.to}
        </h2>
        {query.isPending ? (
          <LoadingBlock label="Loading the figures" className="h-48 animate-pulse rounded-lg bg-slate-100" />
        ) : query.isError ? (
          <ErrorState title="The figures could not be loaded." error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Figures summary={query.data} />
        )}
      </section>
    </div>
  );
}

function Figures({ summary }: { summary: TransparencySummary }) {
  const restrictions = summary.restrictions.content + summary.restrictions.accounts;
  const figures: [string, string][] = [
    ["Notices received (flags)", formatNumber(summary.noticesReceived)],
    ["Flags upheld", formatNumber(summary.decisions.upheld)],
    ["Flags dismissed", formatNumber(summary.decisions.dismissed)],
    ["Messages hidden", formatNumber(summary.restrictions.content)],
    ["Accounts deactivated", formatNumber(summary.restrictions.accounts)],
    ["Median time from first flag to decision", summary.medianHoursToDecision === null ? "no decisions" : `${formatNumber(summary.medianHoursToDecision)} h`],
    ["Decided or detected by automated means", `${formatNumber(summary.automatedPercent)} %`],
  ];
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {restrictions === 0 ? (
        <p className="text-sm text-slate-600">No message was hidden and no account deactivated in this range.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <DataTable
            showCaption
            caption="Restrictions by ground"
            columns={["Ground", "Decisions"]}
            rows={summary.restrictions.byGround.map((row) => ({ key: row.ground, cells: [DECISION_GROUNDS[row.ground], formatNumber(row.count)] }))}
          />
          <DataTable
            showCaption
            caption="Restrictions by category"
            columns={["Category", "Decisions"]}
            rows={summary.restrictions.byCategory.map((row) => ({ key: row.category, cells: [STATEMENT_CATEGORIES[row.category], formatNumber(row.count)] }))}
          />
        </div>
      )}
    </div>
  );
}
