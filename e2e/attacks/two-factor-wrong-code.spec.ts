import { expect, test } from "../support/fixtures";
import { totpFromUri } from "../../lib/testing/totp";
import { signIn } from "../support/sign-in";
import { createTwoFactorStaff } from "../support/two-factor-staff";

/**
 * Attack (on the user's judgement): after a correct password, a wrong second-factor code said
 * "Wrong email or password", sending staff to doubt and retype a password that was right, and
 * hiding that the code was the problem. It says the code was wrong.
 */
test("a wrong two-factor code says the code was wrong, not the password, and the right one still signs in", async ({ browser }) => {
  const password = "two-factor-pass-1";
  const { email, totpURI } = await createTwoFactorStaff(browser, "moderator", password);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);

  const right = totpFromUri(totpURI);
  await page.getByLabel("Authentication code").fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Wrong code" });
  await expect(alert).toHaveText("Wrong code. Check your authenticator app and try again.");
  await expect(page.getByText("Wrong email or password")).toHaveCount(0);

  await page.getByLabel("Authentication code").fill(right);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();
  await context.close();
});
