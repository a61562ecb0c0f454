import { randomBytes } from "node:crypto";
import type { DashboardConfig } from "@/lib/env/dashboard";
import { openDatabase } from "@/lib/db/open";
import { addStaff, countStaff } from "@/lib/staff/staff-store";

export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", role: "admin" },
  { email: "moderator@example.com", role: "moderator" },
] as const;

/**
 * Migrates the database before the dashboard says it is ready, and in demo mode creates the two
 * demo accounts when no staff exists yet. With real credentials there are no default accounts.
 */
export async function prepareDatabase(config: DashboardConfig): Promise<{ demoPassword?: string; kind: string }> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    if (config.chat.mode !== "emulator" || (await countStaff(handle.db)) > 0) return { kind: handle.kind };
    const password = config.DEMO_PASSWORD ?? randomBytes(12).toString("base64url");
    for (const account of DEMO_ACCOUNTS) await addStaff(handle.db, { ...account, password });
    return { demoPassword: password, kind: handle.kind };
  } finally {
    await handle.close();
  }
}
