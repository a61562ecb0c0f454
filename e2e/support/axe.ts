import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's serious and critical violations on the page as it is now, each as its rule and the
 * elements it names, for `expect(…).toEqual([])`.
 *
 * Legacy mode runs axe in the page itself; the default opens a blank page to merge each frame's
 * results, which doubled an analysis's time here (1.5–3.9 s a page instead of 0.9–2.0 s). The
 * dashboard has no frames from other origins, the one thing legacy mode does not test.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
