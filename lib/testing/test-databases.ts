import pg from "pg";
import { loadDashboardConfig } from "@/lib/env/dashboard";

export type DatabaseTarget = { name: "pglite" | "postgres"; url?: string };

/** PGlite always; the PostgreSQL server too when DATABASE_URL is set (CI sets it). */
export function databaseTargets(): DatabaseTarget[] {
  const url = loadDashboardConfig().DATABASE_URL;
  return url ? [{ name: "pglite" }, { name: "postgres", url }] : [{ name: "pglite" }];
}

/** A new, empty database on the server of `serverUrl`, so each suite starts clean. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
