import "server-only";
import pg from "pg";

/** Whether this process may sync now; one holder at a time among the instances on one database. */
export type Leadership = {
  /** True while this process holds the lead: taken now, or still held (checked on its connection). */
  acquire(): Promise<boolean>;
  /** Gives the lead up (closing its connection), so another instance takes it at its next try. */
  release(): Promise<void>;
};

/**
 * The sync's PostgreSQL advisory lock key. Any constant shared by every instance; the migration
 * lock (lib/db/open.ts) is 4_242_001.
 */
export const SYNC_LOCK_KEY = 4_242_002;

/**
 * The lead as a PostgreSQL session advisory lock held on one dedicated connection (never a pool
 * connection: the lock belongs to a session). Every try asks `pg_try_advisory_lock` on that
 * connection, which also confirms a lock this session already holds. When the holder dies or its
 * connection drops, the server ends the session and frees the lock, and the next instance to try
 * takes it. A session lock needs a direct connection: a transaction-pooling proxy would lose it.
 */
export function advisoryLockLeadership(databaseUrl: string, onWarning: (error: Error, message: string) => void, key = SYNC_LOCK_KEY): Leadership {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;

  const drop = (lost: pg.Client, error?: Error) => {
    if (client !== lost) return;
    client = undefined;
    void lost.end().catch((endError: Error) => onWarning(endError, "ending the sync lock's dropped connection failed as well"));
    onWarning(error ?? new Error("connection ended"), "the sync lock's database connection dropped; the lead is free for any instance");
  };

  const connection = async (): Promise<pg.Client> => {
    if (client) return client;
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
      next.on("error", (error) => drop(next, error));
      next.on("end", () => drop(next));
      try {
        await next.connect();
      } catch (error) {
        // The connect error is the one thrown; a failure to end the half-open connection is only reported.
        await next.end().catch((endError: Error) => onWarning(endError, "ending the sync lock's unopened connection failed"));
        throw error;
      }
      client = next;
      return next;
    })().finally(() => (connecting = undefined));
    return connecting;
  };

  return {
    async acquire() {
      const current = await connection();
      try {
        const { rows } = await current.query<{ held: boolean }>("select pg_try_advisory_lock($1::bigint) as held", [key]);
        return rows[0]?.held === true;
      } catch (error) {
        drop(current, error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    async release() {
      const current = client;
      client = undefined;
      // Ending the session frees every advisory lock it took (pg_try_advisory_lock counts each success).
      await current?.end();
    },
  };
}

/** PGlite: one process owns the database, so it always leads. */
export const soleLeadership: Leadership = { acquire: async () => true, release: async () => undefined };
