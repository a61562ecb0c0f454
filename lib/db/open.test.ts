import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, databaseTargets } from "@/lib/testing/test-databases";
import { openDatabase } from "./open";

const postgres = databaseTargets().find((target) => target.url);

describe.runIf(postgres)("a PostgreSQL database whose server ends an idle connection", () => {
  it("reports it, keeps the process up, and answers the next query on a new connection", async () => {
    const scratch = await createScratchDatabase(postgres?.url ?? "");
    const dataDir = mkdtempSync(path.join(tmpdir(), "open-test-"));
    const lost: Error[] = [];
    const handle = await openDatabase({ databaseUrl: scratch.url, dataDir, onConnectionLost: (error) => lost.push(error) });
    try {
      await handle.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: postgres?.url });
      await admin.connect();
      const name = new URL(scratch.url).pathname.slice(1);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      await admin.end();
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      expect((await handle.db.execute(sql`select 2 as n`)).rows[0]).toEqual({ n: 2 });
    } finally {
      await handle.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
