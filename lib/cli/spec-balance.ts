/**
 * Shares the browser-test files out among the shards so each takes about as long: longest first,
 * each to the shard with the least time so far, by the seconds each file took in a whole run
 * (e2e/spec-seconds.json, written again by every `npm test` as test-results/e2e-spec-seconds.json).
 * A file the table does not know yet counts as the median file. Playwright's own --shard splits by
 * number of tests, and the suite's files differ tenfold in time per test.
 */
export function balanceSpecs(files: readonly string[], seconds: Readonly<Record<string, number>>, shards: number): string[][] {
  const known = files.map((file) => seconds[file]).filter((s): s is number => s !== undefined && Number.isFinite(s) && s >= 0);
  const median = [...known].sort((a, b) => a - b)[Math.floor(known.length / 2)] ?? 1;
  const cost = (file: string) => {
    const s = seconds[file];
    return s !== undefined && Number.isFinite(s) && s >= 0 ? s : median;
  };
  const plan = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  // Longest first; equal times by name, so a plan does not depend on the order the files were listed in.
  const byCost = [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const file of byCost) {
    const lightest = plan.reduce((least, shard) => (shard.total < least.total ? shard : least));
    lightest.files.push(file);
    lightest.total += cost(file);
  }
  return plan.map((shard) => shard.files.sort());
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
