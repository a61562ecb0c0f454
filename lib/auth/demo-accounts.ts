import "server-only";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DashboardConfig } from "@/lib/env/dashboard";

export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", role: "admin" },
  { email: "moderator@example.com", role: "moderator" },
] as const;

export type DemoCredentials = { accounts: typeof DEMO_ACCOUNTS; password: string };

const passwordFile = (dataDir: string) => path.resolve(dataDir, "demo-password");

/**
 * Keeps the demo accounts' password under DATA_DIR, readable by this user only, so every start
 * (and the sign-in page) can show it again. Demo mode only: the accounts sign in to the emulator's
 * made-up data; with a real key there are no demo accounts and nothing is written.
 */
export function saveDemoPassword(config: DashboardConfig, password: string): void {
  if (config.chat.mode !== "emulator") throw new Error("demo accounts exist only in demo mode (no CHAT_API_KEY)");
  const file = passwordFile(config.DATA_DIR);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // The mode above applies only to a new file.
  chmodSync(file, 0o600);
}

/**
 * The demo accounts and their password, while the dashboard talks to the bundled emulator;
 * undefined with a real CHAT_API_KEY (whatever a data directory still holds), or when this data
 * directory's demo accounts were made before the password was kept.
 */
export function demoCredentials(config: DashboardConfig): DemoCredentials | undefined {
  if (config.chat.mode !== "emulator") return undefined;
  let password: string;
  try {
    password = readFileSync(passwordFile(config.DATA_DIR), "utf8").trim();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
  return password ? { accounts: DEMO_ACCOUNTS, password } : undefined;
}
