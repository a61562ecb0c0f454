/**
 * Cuts the browser-test files, in the order one whole run takes them, into one run of files per
 * shard, so each shard takes about as long: by the seconds each file took in a whole run
 * (e2e/spec-seconds.json, written again by every `npm test` as test-results/e2e-spec-seconds.json).
 * A file the table does not know counts as the median file. Playwright's own --shard cuts by number
 * of tests, and the files differ tenfold in time per test. The files stay in one order across the
 * shards, so every file runs after the same files it would follow in one run: the tests share each
 * shard's chat service and database, and a file's place among the others is part of what it met.
 */
export function balanceSpecs(files: readonly string[], seconds: Readonly<Record<string, number>>, shards: number): string[][] {
  const known = files.map((file) => seconds[file]).filter((s): s is number => s !== undefined && Number.isFinite(s) && s >= 0);
  const median = [...known].sort((a, b) => a - b)[Math.floor(known.length / 2)] ?? 1;
  const cost = (file: string) => {
    const s = seconds[file];
    return s !== undefined && Number.isFinite(s) && s >= 0 ? s : median;
  };
  // Playwright's own order of files, whatever order they were listed in.
  const ordered = [...files].sort();
  const plan: string[][] = [];
  let next = 0;
  let remaining = ordered.reduce((sum, file) => sum + cost(file), 0);
  for (let shard = 0; shard < shards; shard++) {
    const share = remaining / (shards - shard);
    const last = shard === shards - 1;
    let taken = 0;
    const start = next;
    // A file joins while it brings the shard nearer its share of what is left.
    while (next < ordered.length && (last || Math.abs(taken + cost(ordered[next] ?? "") - share) <= Math.abs(taken - share))) {
      taken += cost(ordered[next] ?? "");
      next++;
    }
    plan.push(ordered.slice(start, next));
    remaining -= taken;
  }
  return plan;
}

type ReportSuite = { file?: string; suites?: ReportSuite[]; specs?: { tests?: { results?: { duration?: number }[] }[] }[] };

/** Seconds per spec file in Playwright JSON reports (paths relative to the repository, as `e2e/x.spec.ts`). */
export function specSecondsOf(reports: readonly { config?: { rootDir?: string }; suites?: ReportSuite[] }[]): Record<string, number> {
  const seconds: Record<string, number> = {};
  const add = (suite: ReportSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) seconds[file] = (seconds[file] ?? 0) + (result.duration ?? 0) / 1000;
    }
    for (const child of suite.suites ?? []) add(child, file);
  };
  for (const report of reports) for (const suite of report.suites ?? []) if (suite.file) add(suite, `e2e/${suite.file}`);
  return Object.fromEntries(Object.entries(seconds).map(([file, s]) => [file, Math.round(s * 10) / 10]));
}
