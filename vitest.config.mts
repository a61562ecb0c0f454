import { existsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { DELIVERY_WAIT } from "./lib/testing/delivery-wait";

const root = fileURLToPath(new URL(".", import.meta.url));
// Each database suite copies, then deletes, a ~40 MB embedded database of ~1,000 files: on a disk
// that was about half of a suite's CPU time, on tmpfs (Linux's /dev/shm) a tenth of it.
const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Tests run outside React's server environment, where "server-only" would throw on import.
      { find: /^server-only$/, replacement: `${root}/lib/testing/server-only-stub.ts` },
    ],
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    // os.tmpdir() in the workers and in the processes tests start (the global setup reads it from here).
    env: { TMPDIR: scratch },
    testTimeout: 30_000,
    // Polls wait for what another connection or process delivers (lib/testing/delivery-wait.ts).
    expect: { poll: DELIVERY_WAIT },
    hookTimeout: 120_000,
    // Worker threads, not child processes: each suite file is isolated either way, and a thread
    // starts for less than a process. The whole unit run side by side on this machine: forks
    // 386 s of wall time and 743 s of processor, threads 290 s and 544 s, every test passing. Each
    // thread has its own copy of process.env, which the harness sets per suite.
    pool: "threads",
    // One suite per core. Vitest's default leaves a core free (one worker on two cores), and a suite
    // spends much of its time starting its worker and importing: on two cores a second worker fills
    // that time.
    maxWorkers: availableParallelism(),
    // A worker runs its suites in one module graph instead of importing everything again for each
    // of the ~155 files: the whole unit run, side by side on this machine, 167 s of wall time and
    // 306 processor-seconds isolated, 120 s and 218 not. What a suite sets up per process (the
    // environment, the dashboard's state on globalThis) the harness resets at each start.
    isolate: false,
    globalSetup: ["lib/testing/vitest-global-setup.ts"],
  },
});
