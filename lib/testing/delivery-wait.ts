/**
 * How long a unit test waits for what another connection or process delivers (a NOTIFY, a lock's
 * turn, a stream's end), for vi.waitFor and, through vitest.config.mts, every expect.poll. The unit
 * tests run beside the browser tests (lib/cli/test.ts): under that load a presence report's trip
 * through PostgreSQL took over Vitest's default second once in a whole run, and a lock's turn once
 * did beside the other worker's databases. Polled, so a quick answer is not waited for.
 */
export const DELIVERY_WAIT = { timeout: 10_000, interval: 20 } as const;
