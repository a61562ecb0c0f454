import { readdirSync, readFileSync } from "node:fs";

/** A file under /proc, or "" when its process (or one of its threads) ended between listing and reading. */
export function readProc(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** A process's thread ids (/proc/<pid>/task), or none once the process has ended. */
export function threadIds(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** A process's children, from each of its threads' `children` list (a child belongs to the thread that started it). */
export function childPids(pid: number): number[] {
  return threadIds(pid).flatMap((task) => readProc(`/proc/${pid}/task/${task}/children`).split(" ").filter(Boolean).map(Number));
}

/** `pid` and all its descendants (a server started through tsx, or by Next, may run in a child process). */
export function processTree(pid: number): number[] {
  return [pid, ...childPids(pid).flatMap(processTree)];
}
