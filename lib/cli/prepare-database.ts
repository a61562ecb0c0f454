import { randomBytes } from "node:crypto";
import { DEMO_ACCOUNTS, saveDemoPassword } from "@/lib/auth/demo-accounts";
import type { DashboardConfig } from "@/lib/env/dashboard";
import { openDatabase } from "@/lib/db/open";
import { seedDemoHistory } from "@/lib/demo/server/demo-history";
import { addStaff, countStaff } from "@/lib/staff/staff-store";

/**
 * Migrates the database before the dashboard says it is ready, and in demo mode creates the two
 * demo accounts when no staff exists yet, keeping their password for later starts
 * (lib/auth/demo-accounts.ts), with the demo's past decisions (lib/demo/server/demo-history.ts). With real credentials there are no default accounts.
 */
export async function prepareDatabase(config: DashboardConfig): Promise<{ kind: string }> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    if (config.chat.mode !== "emulator" || (await countStaff(handle.db)) > 0) return { kind: handle.kind };
    const password = config.DEMO_PASSWORD ?? randomBytes(12).toString("base64url");
    // Kept before the accounts exist: a start that stops in between still finds the password next time.
    saveDemoPassword(config, password);
    const deciderIds: string[] = [];
    for (const account of DEMO_ACCOUNTS) deciderIds.push((await addStaff(handle.db, { ...account, password })).id);
    if (config.DEMO_HISTORY === "on") await seedDemoHistory(handle.db, { deciderIds, nowMs: Date.now() });
    return { kind: handle.kind };
  } finally {
    await handle.close();
  }
}
