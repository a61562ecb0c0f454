import pg from "pg";
import { withDeadline } from "./deadline";

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

const ADMIN_DEADLINE_MS = 30_000;

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await withDeadline(client.connect(), ADMIN_DEADLINE_MS, `connecting to ${new URL(serverUrl).host}`);
  try {
    await withDeadline(client.query(statement), ADMIN_DEADLINE_MS, statement);
  } finally {
    await client.end();
  }
}

/** A new database `<prefix>_<timestamp>` on the server `serverUrl` points at; `drop()` removes it, closing its connections. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await onServer(serverUrl, `create database ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  return { name, url, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
