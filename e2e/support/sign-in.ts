import { expect, type Page } from "@playwright/test";
import { E2E } from "./e2e-config";
import { waitForReady } from "./ready";

/** Signs in through the sign-in page, as a person does. */
export async function signIn(page: Page, email: string, password = E2E.password) {
  await page.goto("/sign-in");
  await submitSignIn(page, email, password);
}

/** Fills in and sends the sign-in form of a page already on it. */
export async function submitSignIn(page: Page, email: string, password = E2E.password) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs out from the header and waits for the sign-in page it loads in full (a navigation of its own). */
export async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await waitForReady(page);
}

/**
 * Closes `page`, whose session has just ended, and opens the dashboard in a new page of its browser
 * context (the same cookies), expected on sign-in; returns that page, on the sign-in form. A new
 * page, not a reload: an open page whose next query answers 401 goes to sign-in by itself, and a
 * reload would race that navigation (net::ERR_ABORTED).
 */
export async function expectSignedOut(page: Page): Promise<Page> {
  // Opened before the old one closes: a context left with no page could not open another in one
  // whole run (Target.createTarget: Not supported).
  const fresh = await page.context().newPage();
  await page.close();
  await fresh.goto("/");
  await expect(fresh).toHaveURL(/\/sign-in$/);
  return fresh;
}
