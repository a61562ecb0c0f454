import { table, targetsTable } from "./report";
import type { ScalePhase, ScaleResults } from "./scale-results";
import { TIMED } from "./scale-recorder";
import { mib } from "./targets";

const ms = (value: number) => value.toFixed(1);

const WHAT: Record<(typeof TIMED)[number], string> = {
  firstRows: "queue page HTML (`GET /`)",
  filter: "another filter, search, tab or sort: the view's rows and summary together (`GET /api/review/queue?…` and `…/summary?…`)",
  open: "open an item: the messages around it",
  poll: "queue JSON poll: first page and summary (`GET /api/review/queue`, `…/summary`, every 15 s each)",
  action: "claim, then resolve or dismiss (`POST /api/review/items/{id}`), or pin",
  other: "presence report (not timed against a target)",
};

function phaseTable(phase: ScalePhase): string {
  return table(
    ["Request", "count", "p50 ms", "p95 ms", "max ms"],
    TIMED.map((kind) => {
      const t = phase.timings[kind];
      return [WHAT[kind], String(t.count), ms(t.p50Ms), ms(t.p95Ms), ms(t.maxMs)];
    }),
  );
}

/** The p95 of each request on its own (a filter's two apart) by the instance that answered it: one instance lagging shows here. */
function instanceTable(phase: ScalePhase): string {
  const instances = Object.keys(phase.byInstance).sort();
  return table(
    ["Request", ...instances.map(instanceName)],
    TIMED.map((kind) => [kind, ...instances.map((instance) => { const t = phase.byInstance[instance]?.[kind]; return t && t.count > 0 ? `${ms(t.p95Ms)} (${t.count})` : "–"; })]),
  );
}

/** Where the two cores went: each part's time on a core and waiting for one, which no request time shows apart. */
function processorTable(phase: ScalePhase): string {
  const rows = phase.processor.map((group) => [group.label, group.runMsPerSecond.toFixed(0), group.waitMsPerSecond.toFixed(0)]);
  const total = phase.processor.reduce((sum, group) => ({ run: sum.run + group.runMsPerSecond, wait: sum.wait + group.waitMsPerSecond }), { run: 0, wait: 0 });
  return table(["Process", "on a core, ms a second", "waiting for a core, ms a second"], [...rows, ["all of these", total.run.toFixed(0), total.wait.toFixed(0)]]);
}

const instanceName = (instance: string) => (instance === "direct" ? "direct" : `instance ${Number(instance) + 1}`);

function phaseLine(name: string, phase: ScalePhase): string {
  const served = Object.entries(phase.servedBy)
    .map(([instance, n]) => `${instanceName(instance)}: ${n}`)
    .join(", ");
  return `${name}: ${phase.moderators} moderator${phase.moderators === 1 ? "" : "s"} for ${phase.seconds.toFixed(0)} s; ${phase.listCalls} chat-service list calls (${phase.listCallsPerMinute.toFixed(1)} a minute); ${phase.errorCount} errors, ${phase.stale} actions refused as stale (409, not errors); answered by ${served || "none"}.`;
}

export function renderScaleMarkdown(results: ScaleResults): string {
  const settings = Object.entries(results.settings)
    .filter(([key]) => key.startsWith("BENCH_SCALE_") || key === "BENCH_PORT" || key === "BENCH_EMULATOR_PORT" || key === "NEXT_DIST_DIR")
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");
  const errors = [...results.solo.errors, ...results.main.errors];
  return [
    `# Scale benchmark ${results.startedAt}`,
    "",
    `Commit ${results.commit}, Node ${results.node}, ${results.cpus} CPUs, load average ${results.loadAverage.before.toFixed(2)} before / ${results.loadAverage.after.toFixed(2)} after. One PostgreSQL database, the emulator, three dashboard instances behind a round-robin, and the simulated moderators in the benchmark's process, all on one machine.`,
    "",
    `Settings: ${settings}. Seeded ${results.seeded.toLocaleString("en-US")} flagged messages beside the demo's ${results.before}.`,
    "",
    "## Targets",
    "",
    targetsTable(results.checks),
    "",
    "## Moderators",
    "",
    phaseLine("Alone", results.solo),
    "",
    phaseLine("Together", results.main),
    "",
    "Times to the answer's last byte, through the round-robin, during the main phase:",
    "",
    phaseTable(results.main),
    "",
    "Each request's own p95 in ms (count) by the instance that answered it, during the main phase (a filter's two requests apart):",
    "",
    instanceTable(results.main),
    "",
    `Processor time during the main phase (${results.cpus} cores: ${results.cpus * 1000} ms a second in all; from each thread's /proc schedstat):`,
    "",
    processorTable(results.main),
    "",
    "## Probes",
    "",
    `New flags: ${results.newFlag.samples.length} seen on every instance, ${results.newFlag.missed} not within ${results.newFlag.deadlineMs / 1000} s. Decisions: ${results.decision.samples.length} announced on the other instances, ${results.decision.missed} not within ${results.decision.deadlineMs / 1000} s.`,
    "",
    "## Memory",
    "",
    table(
      ["Instance", "peak RSS"],
      results.peakRssBytes.map((peak, i) => [String(i + 1), mib(peak)]),
    ),
    "",
    ...(errors.length > 0 ? ["## First errors", "", table(["Request", "status", "detail"], errors.map((e) => [e.kind, String(e.status), e.detail.replaceAll("|", "\\|")])), ""] : []),
  ].join("\n");
}
