import "server-only";
import { csvLine } from "@/lib/admin/audit-export";
import type { HealthTable } from "@/lib/queue-health/model/health-span";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import type { Agreement } from "@/lib/quality/model/quality-schemas";
import type { Db } from "@/lib/db/open";
import { readAgreement } from "@/lib/quality/server/agreement";
import type { HealthViewer } from "./queue-health";
import { readTeamQueueHealth } from "./team-queue-health";

type Rows = (string | number | null)[][];

const perDay = (value: number) => Number(value.toFixed(2));

/** The numbers behind each of the page's tables, as the table shows them, one CSV each. */
const HEALTH_TABLES: Record<Exclude<HealthTable, AgreementTable>, (health: QueueHealth) => Rows> = {
  age: (health) => [["band", "from_seconds", "to_seconds", "open_items"], ...health.open.buckets.map((b) => [b.label, b.fromSeconds, b.toSeconds, b.count])],
  daily: (health) => [
    ["day", "decided", "within_target", "median_flag_to_decision_seconds", ...health.moderators.map((m) => m.name)],
    ...health.daily.map((d, i) => [d.day, d.decided, d.withinTarget, d.medianFlagToDecisionSeconds, ...health.moderators.map((m) => m.daily[i] ?? 0)]),
  ],
  moderators: (health) => [["staff", "decided", "per_day"], ...health.moderators.map((m) => [m.name, m.decided, perDay(m.perDay)])],
};

type AgreementTable = "agreement-staff" | "agreement-policies";

/** The agreement tables need only the second reviews' figures, not the whole health read. */
const AGREEMENT_TABLES: Record<AgreementTable, (agreement: Agreement) => Rows> = {
  "agreement-staff": (agreement) => [
    ["staff", "reviewed", "agreed", "agreed_percent", "rulings_upheld", "rulings_overturned"],
    ...agreement.staff.map((s) => [s.name, s.reviewed, s.agreed, s.percent, s.upheld, s.overturned]),
  ],
  "agreement-policies": (agreement) => [["policy", "reviewed", "agreed", "agreed_percent"], ...agreement.policies.map((p) => [p.name, p.reviewed, p.agreed, p.percent])],
};

const isAgreementTable = (table: HealthTable): table is AgreementTable => table in AGREEMENT_TABLES;

/** One of the page's tables as CSV, for `viewer` as the page shows it, read with only what it needs. */
export async function queueHealthCsv(db: Db, viewer: HealthViewer, table: HealthTable, days: number): Promise<string> {
  const rows = isAgreementTable(table) ? AGREEMENT_TABLES[table](await readAgreement(db, viewer)) : HEALTH_TABLES[table](await readTeamQueueHealth(db, viewer, days));
  return rows.map(csvLine).join("");
}

export function queueHealthFileName(table: HealthTable, now = new Date()): string {
  return `queue-health-${table}-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.csv`;
}
