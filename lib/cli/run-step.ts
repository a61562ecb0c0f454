import { spawn } from "node:child_process";

/** Each line a step prints, prefixed with its name, so steps that run at once stay readable. */
function prefixLines(prefix: string, write: (text: string) => void) {
  let partial = "";
  return {
    push(chunk: Buffer) {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) write(`${prefix}${line}\n`);
    },
    end() {
      if (partial) write(`${prefix}${partial}\n`);
    },
  };
}

export type StepResult = { ok: boolean; seconds: number };

/**
 * Runs one command to its end and resolves with whether it exited 0 and how long it took. With a
 * prefix its output is passed on line by line behind it (for steps that run at the same time);
 * without one the command writes to this terminal directly.
 */
export function runStep(command: string, args: string[], env: NodeJS.ProcessEnv, prefix?: string): Promise<StepResult> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: prefix === undefined ? "inherit" : ["ignore", "pipe", "pipe"], env });
  const out = prefixLines(prefix ?? "", (text) => process.stdout.write(text));
  const err = prefixLines(prefix ?? "", (text) => process.stderr.write(text));
  child.stdout?.on("data", out.push);
  child.stderr?.on("data", err.push);
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ok, seconds: (performance.now() - started) / 1000 });
    child.on("error", (error) => {
      process.stderr.write(`${prefix ?? ""}could not start ${command}: ${error.message}\n`);
      done(false);
    });
    child.on("close", (code) => {
      out.end();
      err.end();
      done(code === 0);
    });
  });
}
