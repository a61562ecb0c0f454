import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/open";
import { startHarness, type Harness } from "./harness";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const processState = globalThis as typeof globalThis & { __dashboardDb?: Promise<DatabaseHandle> };

describe("a harness started after another in the same worker", () => {
  it("signs in with its own settings while the earlier dashboard's late work asks for auth", async () => {
    h = await startHarness();
    const { auth: earlierAuth } = await import("@/lib/auth/auth");
    await h.close();
    h = undefined;

    // The earlier dashboard's modules keep asking for auth at every turn of the event loop while the
    // next one starts, as a request it left running would; each ask may open a database of its own.
    const lateAsks: Promise<unknown>[] = [];
    const strayHandles = new Set<Promise<DatabaseHandle>>();
    let starting = true;
    const lateWork = (async () => {
      while (starting) {
        lateAsks.push(earlierAuth());
        if (processState.__dashboardDb) strayHandles.add(processState.__dashboardDb);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      h = await startHarness({ env: { APP_URL: "https://dashboard.example.com" } });
    } finally {
      starting = false;
      await lateWork;
      await Promise.all(lateAsks);
    }
    const ownHandle = processState.__dashboardDb;
    await Promise.all([...strayHandles].filter((handle) => handle !== ownHandle).map(async (handle) => (await handle).close()));

    const { response } = await h.signIn("admin@test.example");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((c) => /session_token=/.test(c))).toMatch(/^__Secure-/);
  });
});
