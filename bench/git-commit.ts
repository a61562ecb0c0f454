import { spawnSync } from "node:child_process";

/** The short commit measured, marked when the work tree had uncommitted changes. */
export function gitCommit(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain"], { encoding: "utf8" }).stdout.trim() !== "";
  return `${head || "unknown"}${dirty ? " (with uncommitted changes)" : ""}`;
}
