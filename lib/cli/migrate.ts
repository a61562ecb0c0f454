/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { loadDashboardConfig } from "@/lib/env/dashboard";
import { openDatabase } from "@/lib/db/open";

try {
  const config = loadDashboardConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await handle.close();
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
