import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/**
 * Cores of their own for the instance under measurement and for everything else (the load
 * generator in this process, the emulator), through util-linux's `taskset` (Linux's
 * sched_setaffinity, every thread of each process and of its children). Unpinned on two cores, a
 * read that waits on the emulator let the instance's collector and network work spill onto the
 * load generator's core, and reads came out at 100-110 % of a floor that does nothing; pinned, the
 * floor is what one core serves. `note` says how a run was measured, for its report.
 */
export type Pinning = { note: string; whilePinned<T>(instancePid: number, measure: () => Promise<T>): Promise<T> };

export function cpuPinning(otherPids: readonly number[], cpus = os.availableParallelism()): Pinning {
  if (cpus < 2) return unpinned("not pinned: one core");
  if (spawnSync("taskset", ["-V"]).status !== 0) return unpinned("not pinned: `taskset` (util-linux) is not installed");
  const all = `0-${cpus - 1}`;
  const rest = cpus === 2 ? "1" : `1-${cpus - 1}`;
  return {
    note: `the instance on core 0, the load generator and the emulator on ${cpus === 2 ? "core 1" : `cores ${rest}`}`,
    async whilePinned(instancePid, measure) {
      const instance = processTree(instancePid);
      // This process alone, not its tree: the instances are its children too.
      const others = [process.pid, ...otherPids.flatMap(processTree)].filter((pid) => !instance.includes(pid));
      setAffinity(instance, "0");
      setAffinity(others, rest);
      try {
        return await measure();
      } finally {
        setAffinity([...instance, ...others], all);
      }
    },
  };
}

const unpinned = (note: string): Pinning => ({ note, whilePinned: (_pid, measure) => measure() });

function setAffinity(pids: number[], cpuList: string): void {
  for (const pid of pids) {
    const result = spawnSync("taskset", ["--all-tasks", "--pid", "--cpu-list", cpuList, String(pid)], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`taskset could not pin process ${pid} to ${cpuList}: ${result.stderr.trim()}`);
  }
}

/** `pid` and its descendants, from /proc (a server started through tsx runs in a child process). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended while the list was read
    }
    // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let at = 0; at < tree.length; at++) tree.push(...(children.get(tree[at] ?? -1) ?? []));
  return tree;
}
