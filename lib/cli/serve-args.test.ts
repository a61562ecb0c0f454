import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serveCommand } from "./serve-args";

const dirs: string[] = [];
const distDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "serve-command-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the production server's command", () => {
  it("runs serve.ts compiled into the build's folder, with two malloc arenas unless the environment sets them", () => {
    const dir = distDir();
    const command = serveCommand(dir, {});
    const entry = path.join(dir, "dashboard-server.mjs");
    expect(command.args).toEqual(["--heap-growing-percent=20", entry]);
    expect(existsSync(entry)).toBe(true);
    expect(command.env).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(serveCommand(dir, { MALLOC_ARENA_MAX: "4" }).env).toEqual({ MALLOC_ARENA_MAX: "4" });
  });
});
