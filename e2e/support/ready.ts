import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page says it is ready: hydrated, its effects run and no query in flight
 * (components/ui/ready-marker.tsx). Called after a full navigation or reload.
 */
export async function waitForReady(page: Page, timeout?: number) {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout });
}

/** Reloads the page and waits for it to be ready again. */
export async function reloadReady(page: Page) {
  await page.reload();
  await waitForReady(page);
}
