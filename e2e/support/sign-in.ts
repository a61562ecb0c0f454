import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E } from "./e2e-config";
import { waitForReady } from "./ready";

/** Signs in through the sign-in page, as a person does. */
export async function signIn(page: Page, email: string, password = E2E.password) {
  await page.goto("/sign-in");
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
 * A new page of `context` opening the dashboard, expected on sign-in: the context's session has
 * ended. A new page, not a reload: an open page whose next query answers 401 goes to sign-in by
 * itself, and a reload would race that navigation (net::ERR_ABORTED).
 */
export async function expectSignedOut(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  return page;
}
