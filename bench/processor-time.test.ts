import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pidsNamed, processorTimeBetween, readProcessors, schedTimes, type ProcessorReading } from "./processor-time";

const reading = (at: number, byPid: [number, number, number][]): ProcessorReading => ({
  at,
  groups: [{ label: "db", byPid: new Map(byPid.map(([pid, runMs, waitMs]) => [pid, { runNs: runMs * 1e6, waitNs: waitMs * 1e6 }])) }],
});

describe("processorTimeBetween", () => {
  it("gives a group's time on a core and in the run queue per second of wall time", () => {
    const [db] = processorTimeBetween(reading(1_000, [[10, 100, 20]]), reading(3_000, [[10, 500, 120]]));
    expect(db).toEqual({ label: "db", runMsPerSecond: 200, waitMsPerSecond: 50 });
  });

  it("counts a process that started in between from zero, and leaves out one that ended", () => {
    const [db] = processorTimeBetween(reading(0, [[10, 100, 0], [11, 900, 900]]), reading(1_000, [[10, 150, 0], [12, 30, 10]]));
    expect(db).toEqual({ label: "db", runMsPerSecond: 80, waitMsPerSecond: 10 });
  });
});

describe("reading /proc", () => {
  it("sees this process's own work on a core", () => {
    const before = schedTimes(process.pid).runNs;
    const cpuStart = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(cpuStart).user < 60_000) spin += Math.sqrt(spin + 1);
    expect(spin).toBeGreaterThan(0);
    expect(schedTimes(process.pid).runNs - before).toBeGreaterThanOrEqual(50e6);
  });

  it("finds processes by their command name, and reads a group at a moment", () => {
    const name = readFileSync("/proc/self/comm", "utf8").trim();
    expect(pidsNamed(name)).toContain(process.pid);
    const [own] = readProcessors([{ label: "own", pids: () => [process.pid] }]).groups;
    expect(own?.byPid.get(process.pid)?.runNs).toBeGreaterThan(0);
    expect(schedTimes(2 ** 22 + 1)).toEqual({ runNs: 0, waitNs: 0 });
  });
});
