import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createNotifier, registerNotifier, type Notifier } from "./notify";
import * as schema from "./schema";

/**
 * Both drivers expose the same query builder; the PGlite instance is typed as the node-postgres
 * one so the rest of the code has one database type.
 */
export type Db = NodePgDatabase<typeof schema>;
export type DatabaseHandle = { db: Db; kind: "pglite" | "postgres"; notifier: Notifier; close(): Promise<void> };
export type DatabaseTarget = {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the server drops an idle connection (restart, failover, admin command). */
  onConnectionLost?: (error: Error) => void;
  /** Told when messages to or from other instances fail (lib/db/notify.ts); they are retried, never fatal. */
  onNotifyWarning?: (error: Error, message: string) => void;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any constant: every instance asks for the same advisory lock before migrating. */
const MIGRATION_LOCK = 4_242_001;

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
    // Without a listener an idle connection the server ends is an uncaught error that stops the
    // process; the pool already drops that connection and opens a new one for the next query.
    pool.on("error", (error) => target.onConnectionLost?.(error));
    // Several instances may start at once: the lock makes the second wait, then find nothing to do.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      const unlockFailure = await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      // A connection that could not unlock is closed rather than pooled: closing it ends the lock.
      client.release(unlockFailure);
    }
    const db = drizzlePg(pool, { schema });
    const notifier = createNotifier({ postgres: { pool, databaseUrl: target.databaseUrl }, onWarning: target.onNotifyWarning });
    registerNotifier(db, notifier);
    return {
      db,
      kind: "postgres",
      notifier,
      close: async () => {
        await notifier.close();
        await pool.end();
      },
    };
  }
  const dir = path.resolve(target.dataDir, "pglite");
  // PGlite creates only the last folder level of its data directory.
  mkdirSync(dir, { recursive: true });
  // Each statement returns only once its writes reached the files (never the relaxed mode, which
  // acknowledges first): an answered action survives a killed process. PGlite's WASM file system
  // has no fsync, so a power loss can still lose the last writes; DATABASE_URL is the answer there.
  //
  // A 16 MB buffer cache, not PostgreSQL's 128 MB: the embedded database lives in this process's
  // memory, and its files are in the operating system's page cache anyway. Measured on 40,000
  // rows of 2 KB: 128 MB less resident memory once the data outgrows the cache.
  const client = await PGlite.create(dir, {
    relaxedDurability: false,
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    // The queue's search index (migration 0013) is made of trigrams.
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await db.execute(sql`select 1`);
  const notifier = createNotifier({ onWarning: target.onNotifyWarning });
  registerNotifier(db, notifier);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    notifier,
    close: async () => {
      await notifier.close();
      await client.close();
    },
  };
}
