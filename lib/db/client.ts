import "server-only";
import { env } from "@/lib/env/server";
import { openDatabase, type DatabaseHandle, type Db } from "./open";

const globalForDb = globalThis as typeof globalThis & { __dashboardDb?: Promise<DatabaseHandle> };

/**
 * The process's one database handle, opened (and migrated) on first use, never at import: `next
 * build` and the CLIs import this module without wanting a database. Kept on globalThis because
 * Next may evaluate server modules more than once, and PGlite allows one opener per directory.
 */
export function database(): Promise<DatabaseHandle> {
  globalForDb.__dashboardDb ??= openDatabase({ databaseUrl: env().DATABASE_URL, dataDir: env().DATA_DIR }).catch(
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
