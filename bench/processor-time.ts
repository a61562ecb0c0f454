import { readdirSync } from "node:fs";
import { processTree, readProc, threadIds } from "./process-tree";

/** Nanoseconds a thread or process has run on a core, and has waited runnable for one. */
export type SchedTimes = { runNs: number; waitNs: number };

/** A part of the scenario whose processes are counted together, found again at each reading (PostgreSQL starts backends as it goes). */
export type ProcessGroup = { label: string; pids(): number[] };

/** Each group's processes, and their times, at one moment. */
export type ProcessorReading = { at: number; groups: { label: string; byPid: Map<number, SchedTimes> }[] };

/** A group's share of the machine between two readings, in milliseconds a second. */
export type GroupProcessorTime = { label: string; runMsPerSecond: number; waitMsPerSecond: number };

/**
 * A process's times summed over its threads (/proc/<pid>/task/<tid>/schedstat: time on a core and
 * time waiting in the run queue, both in ns); zero for a process that has gone.
 */
export function schedTimes(pid: number): SchedTimes {
  return threadIds(pid).reduce(
    (sum, task) => {
      const [run = 0, wait = 0] = readProc(`/proc/${pid}/task/${task}/schedstat`).split(" ").map(Number);
      return { runNs: sum.runNs + run, waitNs: sum.waitNs + wait };
    },
    { runNs: 0, waitNs: 0 },
  );
}

/** Every process whose command name (/proc/<pid>/comm) is `name`: PostgreSQL's server and backends are all `postgres`. */
export function pidsNamed(name: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && readProc(`/proc/${entry}/comm`).trim() === name)
    .map(Number);
}

/** A process and all its descendants, as a group. */
export const treeGroup = (label: string, pid: number): ProcessGroup => ({ label, pids: () => processTree(pid) });

export function readProcessors(groups: readonly ProcessGroup[], at = performance.now()): ProcessorReading {
  return { at, groups: groups.map((group) => ({ label: group.label, byPid: new Map(group.pids().map((pid) => [pid, schedTimes(pid)])) })) };
}

/**
 * Each group's time on a core and waiting for one between two readings, per second of wall time.
 * A process that started in between counts from zero; one that ended in between is not counted.
 */
export function processorTimeBetween(before: ProcessorReading, after: ProcessorReading): GroupProcessorTime[] {
  const seconds = (after.at - before.at) / 1000;
  return after.groups.map(({ label, byPid }) => {
    const earlier = before.groups.find((group) => group.label === label)?.byPid;
    let runNs = 0;
    let waitNs = 0;
    for (const [pid, now] of byPid) {
      const then = earlier?.get(pid) ?? { runNs: 0, waitNs: 0 };
      runNs += Math.max(0, now.runNs - then.runNs);
      waitNs += Math.max(0, now.waitNs - then.waitNs);
    }
    const perSecond = (ns: number) => (seconds > 0 ? ns / 1e6 / seconds : 0);
    return { label, runMsPerSecond: perSecond(runNs), waitMsPerSecond: perSecond(waitNs) };
  });
}
