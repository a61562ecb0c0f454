import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

/**
 * The browser tests use the operating system's Chromium (Playwright's own download cannot be
 * fetched here). Installs Debian's package when it can (root with apt-get); otherwise stops at once
 * with the one command that gets a browser.
 */
export function ensureChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = process.getuid?.() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (root && apt) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const result = spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"], { stdio: "inherit" });
    if (result.status === 0 && existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error(`No Chromium found at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`);
  process.exit(1);
}
