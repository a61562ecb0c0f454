import { describe, expect, it } from "vitest";
import { balanceSpecs, specSecondsOf } from "./spec-balance";

const total = (files: string[], seconds: Record<string, number>) => files.reduce((sum, file) => sum + (seconds[file] ?? 0), 0);

describe("sharing the browser-test files out among the shards", () => {
  it("gives each shard about the same time, not the same number of files", () => {
    const seconds = { "e2e/a.spec.ts": 300, "e2e/b.spec.ts": 100, "e2e/c.spec.ts": 100, "e2e/d.spec.ts": 100, "e2e/e.spec.ts": 20 };
    const plan = balanceSpecs(Object.keys(seconds), seconds, 2);
    expect(plan.map((files) => total(files, seconds)).sort()).toEqual([300, 320]);
    expect(plan.flat().sort()).toEqual(Object.keys(seconds));
  });

  it("counts a file the table does not know as the median file", () => {
    const seconds = { "e2e/a.spec.ts": 10, "e2e/b.spec.ts": 20, "e2e/c.spec.ts": 30 };
    const plan = balanceSpecs([...Object.keys(seconds), "e2e/new.spec.ts"], seconds, 2);
    // The new file counts 20: c (30) | b (20) + new (20) | then a (10) joins c, 40 each.
    expect(plan).toEqual([["e2e/a.spec.ts", "e2e/c.spec.ts"], ["e2e/b.spec.ts", "e2e/new.spec.ts"]]);
  });

  it("plans the same whatever order the files were listed in, and leaves no file out with more shards than files", () => {
    const files = ["e2e/z.spec.ts", "e2e/y.spec.ts", "e2e/x.spec.ts"];
    expect(balanceSpecs(files, {}, 2)).toEqual(balanceSpecs([...files].reverse(), {}, 2));
    expect(balanceSpecs(files, {}, 5).flat().sort()).toEqual([...files].sort());
  });

  it("reads each file's seconds from Playwright's JSON reports, nested suites and every shard included", () => {
    const result = (ms: number) => ({ tests: [{ results: [{ duration: ms }] }] });
    const reports = [
      { suites: [{ file: "queue.spec.ts", specs: [result(1500)], suites: [{ specs: [result(2500), result(1000)] }] }] },
      { suites: [{ file: "attacks/forbidden.spec.ts", specs: [result(250)] }] },
    ];
    expect(specSecondsOf(reports)).toEqual({ "e2e/queue.spec.ts": 5, "e2e/attacks/forbidden.spec.ts": 0.3 });
  });
});
