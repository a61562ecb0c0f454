import { spawn, type ChildProcess } from "node:child_process";

export type ServerProcess = { pid: number; output(): string; kill(signal: NodeJS.Signals): void; stop(): Promise<void> };

/** The tail of the output a long benchmark run keeps; tests that read the output keep all of it. */
const BENCH_OUTPUT_LIMIT = 64 * 1024;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

const running = new Set<ChildProcess>();
// An exception that skips the orderly stop must still not leave a server holding its port.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

const answers = (url: string) => fetch(url).then(
  () => true,
  () => false,
);

/**
 * Runs `node <args>` as a server (the benchmark's and the browser tests' extra processes) and
 * resolves once `readyUrl` answers 2xx. Refuses a port that already answers (it would be another
 * process); kills the child if it exits or is not ready within a minute (or `readyTimeoutMs`).
 */
export async function startServerProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  { outputLimit = BENCH_OUTPUT_LIMIT, readyTimeoutMs = READY_TIMEOUT_MS }: { outputLimit?: number; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  if (await answers(readyUrl)) throw new Error(`${readyUrl} already answers: stop that process or choose other ports`);
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.pid === undefined) throw new Error(`${args.join(" ")} exited before it was ready:\n${output}`);
    if (await fetch(readyUrl).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${readyUrl} did not answer within ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { pid: child.pid, output: () => output, kill: (signal) => child.kill(signal), stop };
}
