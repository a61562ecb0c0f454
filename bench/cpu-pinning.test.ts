import { spawn } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowedCores, cpuPinning, parseCpuList } from "./cpu-pinning";
import { childPids } from "./process-tree";

const allowed = (pid: number) => allowedCores(pid).join(",");
const started: { kill(): boolean }[] = [];
afterEach(() => {
  for (const process of started.splice(0)) process.kill();
});

// This machine and CI's have two cores; with one, the pinning tests fail rather than pass unchecked.
describe("cpuPinning", () => {
  const cores = allowedCores(process.pid);

  it("puts an instance and its child process on core 0 and this process on the others while it measures, then gives all of them every core", async () => {
    // A server started through tsx: a process that runs its code in a child of its own.
    const parent = spawn(process.execPath, ["-e", "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000)"], { stdio: "ignore" });
    started.push(parent);
    const pid = parent.pid ?? -1;
    const [child] = await vi.waitFor(() => {
      const found = childPids(pid);
      expect(found).toHaveLength(1);
      return found;
    });
    if (child === undefined) throw new Error("the child process was not found");
    started.push({ kill: () => process.kill(child) });
    const every = allowed(process.pid);
    const pinning = cpuPinning([], cores);

    const during = await pinning.whilePinned(pid, async () => ({ parent: allowed(pid), child: allowed(child), self: allowed(process.pid) }));

    expect(during).toEqual({ parent: String(cores[0]), child: String(cores[0]), self: cores.slice(1).join(",") });
    expect(pinning.note).toMatch(/^the instance on core \d+, the load generator and the emulator on cores? \d/);
    expect([allowed(pid), allowed(child), allowed(process.pid)]).toEqual([every, every, every]);
  });

  it("gives the others their cores back when the instance ended during the measurement", async () => {
    const instance = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    started.push(instance);
    const every = allowed(process.pid);
    const exited = new Promise((resolve) => instance.once("exit", resolve));
    await cpuPinning([], cores).whilePinned(instance.pid ?? -1, async () => {
      instance.kill();
      await exited;
    });
    expect(allowed(process.pid)).toBe(every);
  });

  it("gives every core back when the measurement fails", async () => {
    const every = allowed(process.pid);
    await expect(cpuPinning([], cores).whilePinned(process.pid, () => Promise.reject(new Error("the load failed")))).rejects.toThrow("the load failed");
    expect(allowed(process.pid)).toBe(every);
  });

  it("reads the kernel's list of cores: ranges and single cores", () => {
    expect(parseCpuList("0-1")).toEqual([0, 1]);
    expect(parseCpuList("2-4,7")).toEqual([2, 3, 4, 7]);
    expect(parseCpuList("5")).toEqual([5]);
    expect(parseCpuList("")).toEqual([]);
  });

  it("on one core measures without pinning, and says so", async () => {
    const pinning = cpuPinning([], [0]);
    const before = allowed(process.pid);
    expect(await pinning.whilePinned(process.pid, async () => allowed(process.pid))).toBe(before);
    expect(pinning.note).toBe("not pinned: one core");
  });
});
