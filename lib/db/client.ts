import "server-only";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { openDatabase, type DatabaseHandle, type Db } from "./open";

const globalForDb = globalThis as typeof globalThis & { __dashboardDb?: Promise<DatabaseHandle> };

/**
 * The process's one database handle, opened (and migrated) on first use, never at import: `next
 * build` and the CLIs import this module without wanting a database. Kept on globalThis because
 * Next may evaluate server modules more than once, and PGlite allows one opener per directory.
 */
export function database(): Promise<DatabaseHandle> {
  globalForDb.__dashboardDb ??= openDatabase({
    databaseUrl: env().DATABASE_URL,
    dataDir: env().DATA_DIR,
    onConnectionLost: (error) => log().warn({ err: error }, "an idle database connection was closed by the server; the next query opens another"),
    onNotifyWarning: (error, message) => log().warn({ err: error }, message),
  }).catch(
    (error: unknown) => {
      globalForDb.__dashboardDb = undefined;
      throw error;
    },
  );
  return globalForDb.__dashboardDb;
}

export async function db(): Promise<Db> {
  return (await database()).db;
}
