import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian's two builds of Chromium, the one for the tests first. The headless shell is the browser
 * Playwright itself runs headless tests in: the same engine without the full browser's window,
 * compositor and frame loop. Side by side on this machine it used 40–48 % less processor than
 * the full browser for the same suites (e2e/queue.spec.ts 43 vs 82 s, e2e/layout.spec.ts 115 vs
 * 192 s), and the browser tests are bound by the processor.
 */
const BROWSERS = [
  { path: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" },
  { path: "/usr/bin/chromium", pkg: "chromium" },
] as const;

/** The browser for the Playwright tests: CHROMIUM_PATH, else the system's Chromium (Playwright's own download cannot be fetched here). */
export function installedChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  return BROWSERS.find((browser) => existsSync(browser.path))?.path;
}

/**
 * installedChromium, or Debian's package installed when it can be (root with apt-get); otherwise
 * stops at once with the one command that gets a browser.
 */
export function ensureChromium(): string {
  const installed = installedChromium();
  if (installed) return installed;
  const root = process.getuid?.() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (root && apt && spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" }).status === 0) {
    for (const browser of BROWSERS) {
      console.log(`Chromium is missing: installing Debian's ${browser.pkg} package…`);
      const result = spawnSync("apt-get", ["install", "-y", "-qq", browser.pkg], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
      if (result.status === 0 && existsSync(browser.path)) return browser.path;
    }
  }
  console.error(`No Chromium found. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${BROWSERS[0].pkg}\n(or chromium, or set CHROMIUM_PATH to a Chromium binary).`);
  process.exit(1);
}
