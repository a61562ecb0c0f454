import { expect, type Page } from "@playwright/test";

/**
 * A full navigation loads, hydrates and fetches: with two shards, two dashboards and two browsers
 * on two cores, that took over 7 s (the assertions' timeout) in one CI run, and over 15 s in
 * another whose machine ran the browser tests 2.5 times slower (the queue's first load in two
 * tests). A page that never gets ready still fails, well within the test's 60 s.
 */
const NAVIGATION_READY_MS = 30_000;

/**
 * Waits until the page says it is ready: hydrated, its effects run and no query in flight
 * (components/ui/ready-marker.tsx). Called after a full navigation or reload.
 */
export async function waitForReady(page: Page, timeout = NAVIGATION_READY_MS) {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout });
}

/** Reloads the page and waits for it to be ready again. */
export async function reloadReady(page: Page) {
  await page.reload();
  await waitForReady(page);
}
