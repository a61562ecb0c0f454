import "server-only";
import { and, count, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage as fm } from "@/lib/db/schema";
import { buildStatement } from "@/lib/transparency/model/build-statement";
import type { TransparencySummary } from "@/lib/transparency/model/transparency-summary";
import { rangeBounds, type TransparencyRange } from "@/lib/transparency/model/transparency-range";
import { restrictionPages } from "./restrictions";

const tally = <K extends string>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);
const sorted = <K extends string>(counts: Map<K, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/**
 * The range's figures. The restrictions are counted from the very statements the export writes
 * (the same pages, the same builder), so the report and the file can never disagree.
 */
export async function readTransparencySummary(db: Db, range: TransparencyRange): Promise<TransparencySummary> {
  const { start, end } = rangeBounds(range);
  const decidedInRange = and(inArray(fm.state, ["resolved", "dismissed"]), gte(fm.decidedAt, start), lt(fm.decidedAt, end));
  const [[notices], decided, [timing]] = await Promise.all([
    db.select({ n: count() }).from(flag).where(and(gte(flag.flaggedAt, start), lt(flag.flaggedAt, end))),
    db.select({ state: fm.state, n: count() }).from(fm).where(decidedInRange).groupBy(fm.state),
    db
      .select({ hours: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${fm.decidedAt} - ${fm.firstFlaggedAt}) / 3600)` })
      .from(fm)
      .where(decidedInRange),
  ]);
  const grounds = new Map<TransparencySummary["restrictions"]["byGround"][number]["ground"], number>();
  const categories = new Map<TransparencySummary["restrictions"]["byCategory"][number]["category"], number>();
  let content = 0;
  let accounts = 0;
  let automated = 0;
  for await (const page of restrictionPages(db, start, end)) {
    for (const restriction of page) {
      const statement = buildStatement(restriction);
      if (restriction.kind === "message") content++;
      else accounts++;
      if (statement.automated_detection === "Yes" || statement.automated_decision !== "AUTOMATED_DECISION_NOT_AUTOMATED") automated++;
      tally(grounds, statement.decision_ground);
      tally(categories, statement.category);
    }
  }
  const decisionsOf = (state: string) => decided.find((d) => d.state === state)?.n ?? 0;
  const total = content + accounts;
  const hours = timing?.hours === null || timing?.hours === undefined ? null : Number(timing.hours);
  return {
    from: range.from,
    to: range.to,
    noticesReceived: notices?.n ?? 0,
    decisions: { upheld: decisionsOf("resolved"), dismissed: decisionsOf("dismissed") },
    restrictions: {
      content,
      accounts,
      byGround: sorted(grounds).map(([ground, n]) => ({ ground, count: n })),
      byCategory: sorted(categories).map(([category, n]) => ({ category, count: n })),
    },
    medianHoursToDecision: hours === null ? null : Math.round(hours * 10) / 10,
    automatedPercent: total === 0 ? 0 : Math.round((1000 * automated) / total) / 10,
  };
}
