import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { processTree } from "./process-tree";

/**
 * Cores of their own for the instance under measurement and for everything else (the load
 * generator in this process, the emulator), through util-linux's `taskset` (Linux's
 * sched_setaffinity, every thread of each process and of its children). Unpinned on two cores, a
 * read that waits on the emulator let the instance's collector and network work spill onto the
 * load generator's core, and reads came out at 100-110 % of a floor that does nothing; pinned, the
 * floor is what one core serves. `note` says how a run was measured, for its report.
 */
export type Pinning = { note: string; whilePinned<T>(instancePid: number, measure: () => Promise<T>): Promise<T> };

export function cpuPinning(otherPids: readonly number[], cores = allowedCores(process.pid)): Pinning {
  const [first, ...rest] = cores;
  if (first === undefined || rest.length === 0) return unpinned("not pinned: one core");
  if (spawnSync("taskset", ["-V"]).status !== 0) return unpinned("not pinned: `taskset` (util-linux) is not installed");
  const all = cores.join(",");
  return {
    note: `the instance on core ${first}, the load generator and the emulator on ${rest.length === 1 ? "core" : "cores"} ${rest.join(", ")}`,
    async whilePinned(instancePid, measure) {
      const instance = processTree(instancePid);
      // This process alone, not its tree: the instances are its children too.
      const others = [process.pid, ...otherPids.flatMap(processTree)].filter((pid) => !instance.includes(pid));
      setAffinity(instance, String(first));
      setAffinity(others, rest.join(","));
      try {
        return await measure();
      } finally {
        setAffinity([...instance, ...others], all);
      }
    },
  };
}

/** The cores a process may run on (a container may offer others than 0 and 1), from its `Cpus_allowed_list`. */
export function allowedCores(pid: number): number[] {
  return parseCpuList(/^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "");
}

/** The kernel's list format: "0-3,6" is cores 0, 1, 2, 3 and 6. */
export function parseCpuList(list: string): number[] {
  return list.split(",").flatMap((range) => {
    const bounds = /^(\d+)(?:-(\d+))?$/.exec(range);
    if (!bounds) return [];
    const low = Number(bounds[1]);
    const high = Number(bounds[2] ?? bounds[1]);
    return Array.from({ length: high - low + 1 }, (_, i) => low + i);
  });
}

const unpinned = (note: string): Pinning => ({ note, whilePinned: (_pid, measure) => measure() });

function setAffinity(pids: number[], cpuList: string): void {
  for (const pid of pids) {
    const result = spawnSync("taskset", ["--all-tasks", "--pid", "--cpu-list", cpuList, String(pid)], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`taskset could not pin process ${pid} to ${cpuList}: ${result.stderr.trim()}`);
  }
}
