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
    // The new file counts 20, so 80 in all: a and b (30) come nearer half than a, b and c (60).
    expect(balanceSpecs([...Object.keys(seconds), "e2e/new.spec.ts"], seconds, 2)).toEqual([
      ["e2e/a.spec.ts", "e2e/b.spec.ts"],
      ["e2e/c.spec.ts", "e2e/new.spec.ts"],
    ]);
  });

  it("keeps one run's order of files across the shards, whatever order they were listed in", () => {
    const files = ["e2e/z.spec.ts", "e2e/attacks/b.spec.ts", "e2e/a.spec.ts", "e2e/y.spec.ts"];
    const plan = balanceSpecs(files, { "e2e/a.spec.ts": 5, "e2e/y.spec.ts": 50 }, 2);
    expect(plan.flat()).toEqual(["e2e/a.spec.ts", "e2e/attacks/b.spec.ts", "e2e/y.spec.ts", "e2e/z.spec.ts"]);
    expect(plan).toEqual(balanceSpecs([...files].reverse(), { "e2e/a.spec.ts": 5, "e2e/y.spec.ts": 50 }, 2));
    // With more shards than files, every file still runs once.
    expect(balanceSpecs(files, {}, 7).flat()).toEqual([...files].sort());
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
