import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker } from "./support/queue";
import { waitForReady } from "./support/ready";
import { signIn } from "./support/sign-in";
import { seriousAxeViolations } from "./support/axe";

const WIDTHS = [
  { name: "phone", width: 375, height: 667 },
  { name: "laptop", width: 1280, height: 800 },
] as const;

const PAGES = {
  admin: ["/", "/users", "/users/kenji-watanabe", "/users/deactivate", "/admin/api-keys", "/admin/staff", "/admin/audit", "/admin/policies", "/admin/transparency", "/admin/health", "/second-review", "/account"],
  moderator: ["/", "/users", "/users/kenji-watanabe", "/health", "/second-review", "/account"],
} as const;

/**
 * Interactive elements smaller than 24 × 24 CSS px (WCAG 2.2 SC 2.5.8), leaving out its
 * exceptions that apply here: links inside a sentence, and targets the browser sizes itself.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=option], [role=menuitem], [tabindex='0']";
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Visually hidden until focused (the skip link), or not shown at all.
        if (box.width <= 1 || box.height <= 1 || element.closest("[hidden], [aria-hidden=true]")) return false;
        const inSentence = element.tagName === "A" && getComputedStyle(element).display === "inline" && element.parentElement?.closest("p, li, td, dd") !== null;
        return !inSentence && (box.width < 24 || box.height < 24);
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  });
}

type Width = (typeof WIDTHS)[number];

async function check(page: Page, testInfo: TestInfo, path: string, width: Width) {
  await page.setViewportSize({ width: width.width, height: width.height });
  await page.goto(path);
  return measure(page, testInfo, path, width);
}

/** The checks on the page as it is now; `path` names it in the report (and "/" is the queue). */
async function measure(page: Page, testInfo: TestInfo, path: string, width: Width) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  if (E2E.recordsArtifacts) await testInfo.attach(`${path} at ${width.width} px`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // A navigation that scrolls inside itself hides its last links: every one must be on screen.
  const navCutOff = await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link")
    .evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().right > window.innerWidth).map((link) => link.textContent));
  const serious = await seriousAxeViolations(page);
  // A table wider than the screen scrolls in its own box, and its first column stays in view.
  const rowNamesLost = await page.evaluate(() =>
    [...document.querySelectorAll("main table")]
      .map((table) => table.parentElement)
      .filter((box): box is HTMLElement => box !== null && box.scrollWidth > box.clientWidth)
      .filter((box) => {
        box.scrollLeft = box.scrollWidth;
        const first = box.querySelector("tbody tr > :first-child");
        const lost = first !== null && first.getBoundingClientRect().left < box.getBoundingClientRect().left - 1;
        box.scrollLeft = 0;
        return lost;
      })
      .map((box) => box.querySelector("caption")?.textContent ?? "a table"),
  );
  // The queue's work on the first screen: on a phone its first item starts within 600 px of the top.
  const fold = width.name === "phone" ? 600 : width.height;
  const firstItemTop = path === "/" ? await page.locator("article[data-message-id]").first().evaluate((item) => item.getBoundingClientRect().top) : 0;
  return { path, width: width.width, overflow, navCutOff, rowNamesLost, firstItemBelowFold: firstItemTop > fold ? firstItemTop : 0, small: await smallTargets(page), serious };
}

for (const role of ["admin", "moderator"] as const) {
  test.describe(`as ${role === "admin" ? "an admin" : "a moderator"}`, () => {
    test.use({ storageState: E2E.storage[role] });
    test.beforeEach(async () => {
      await resetEmulator();
    });

    for (const width of WIDTHS) {
      test(`every page at ${width.width} px: no sideways scroll, the queue's first item on the first screen, the whole navigation, no target under 24 px, no serious axe violation`, async ({ page }, testInfo) => {
        // Up to twelve pages, each with a full-page screenshot and an axe run.
        test.setTimeout(150_000);
        const results = [];
        for (const path of PAGES[role]) results.push(await check(page, testInfo, path, width));
        expect(problemsIn(results)).toEqual([]);
      });
    }
  });
}

test.describe("clearing five items from the queue", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => {
    await resetEmulator();
  });

  for (const width of WIDTHS) {
    test(`at ${width.width} × ${width.height}: each Resolve within reach, and the page as checked as every other after`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      const tag = marker(`walk-${width.width}`);
      const ids = await createFlaggedMessages(
        page,
        Array.from({ length: 5 }, (_, i) => ({ sender: "omar-haddad", receiver: "lea-dubois", text: `${tag} message ${i + 1}` })),
      );
      await gotoQueue(page, `?q=${tag}`);
      const results = [await measure(page, testInfo, `/?q=… (five to clear)`, width)];
      for (const id of ids) {
        const row = itemRow(page, id);
        await row.getByRole("button", { name: "Resolve", exact: true }).click();
        await expect(row).toHaveCount(0);
      }
      await expect(page.getByText("No items match this search and these filters.")).toBeVisible();
      results.push(await measure(page, testInfo, `/?q=… (five cleared)`, width));
      expect(problemsIn(results)).toEqual([]);
    });
  }
});

type Result = Awaited<ReturnType<typeof measure>>;
const problemsIn = (results: Result[]) =>
  results.filter((r) => r.overflow > 0 || r.firstItemBelowFold > 0 || r.navCutOff.length > 0 || r.rowNamesLost.length > 0 || r.small.length > 0 || r.serious.length > 0);

test.describe("signing in and setting up two-factor", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const width of WIDTHS) {
    test(`the sign-in page and the two-factor set-up at ${width.width} px: no sideways scroll, no target under 24 px, no serious axe violation`, async ({ page, browser }, testInfo) => {
      const results = [await check(page, testInfo, "/sign-in", width)];
      // A staff member of its own, so the set-up started here changes nobody else's account.
      const email = `layout-${width.width}-${Date.now()}@example.com`;
      const password = "layout-spec-pass-1";
      const admin = await browser.newContext({ storageState: E2E.storage.admin });
      expect((await admin.request.post("/api/staff", { data: { email, role: "moderator", password }, headers: { origin: E2E.appUrl } })).status()).toBe(200);
      await admin.close();
      await signIn(page, email, password);
      await expect(page.getByRole("banner").getByText(email)).toBeVisible();
      await page.goto("/account");
      await waitForReady(page);
      await page.getByLabel("Confirm your password").fill(password);
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await expect(page.getByRole("img", { name: /QR code of your set-up key/ })).toBeVisible();
      results.push(await measure(page, testInfo, "/account (two-factor set-up)", width));
      expect(problemsIn(results)).toEqual([]);
    });
  }
});
