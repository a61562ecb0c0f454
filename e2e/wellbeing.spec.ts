import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { addRawFlaggedMessage, gotoQueue, itemRow, marker, queueSnapshot, toast } from "./support/queue";
import { waitForReady } from "./support/ready";
import { DEFAULT_TEAM_SETTINGS } from "../lib/settings/model/team-settings";
import type { MyPreferences } from "../lib/wellbeing/model/preference-schemas";
import { seriousAxeViolations } from "./support/axe";

/**
 * Issue 24's wellbeing part in the browser: media behind each moderator's shield, revealed one item
 * at a time, the team's defaults and a moderator's own, and the break reminder. Each test works as
 * moderators of its own (no preference yet), and the team's defaults it changes are put back.
 * The reminder's minutes pass on Playwright's clock, moved by hand: nothing here waits in real time.
 */

const write = { origin: E2E.appUrl };

/** A new moderator, signed in through the API in a browser context of their own. */
async function newModerator(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const email = `wellbeing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "wellbeing-spec-pass-1";
  const admin = await browser.newContext({ storageState: E2E.storage.admin });
  expect((await admin.request.post("/api/staff", { data: { email, role: "moderator", password }, headers: write })).status()).toBe(200);
  await admin.close();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  expect((await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: write })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/**
 * Two flagged image messages the dashboard has never seen, with a caption to search them by; their
 * image is the emulator's own (the address as the chat service lists its seeded images).
 */
async function createImageItems(page: Page, label: string): Promise<{ search: string; ids: [string, string] }> {
  const listed = (await (await page.request.get("/api/moderation/flagged-messages")).json()) as { data: { data: { attachments?: { name: string }[] } }[] };
  const attachment = listed.data.flatMap((m) => m.data.attachments ?? []).find((a) => a.name === "sunset.png");
  if (!attachment) throw new Error("the seed has the image sunset.png");
  const search = marker(label);
  const ids: [string, string] = [`${search}-a`, `${search}-b`];
  for (const id of ids) await addRawFlaggedMessage(id, { type: "image", data: { text: `Photo ${search}`, attachments: [attachment] }, reasonId: "harassment", reasonName: "Harassment" });
  await queueSnapshot(page);
  return { search, ids };
}

const imageOf = (page: Page, id: string) => itemRow(page, id).getByRole("img");
const filterOf = (page: Page, id: string) => imageOf(page, id).evaluate((img) => getComputedStyle(img).filter);

/** The two rows' heights and the distance between their tops: unchanged whatever the page's scroll, if nothing moved. */
async function layoutOf(page: Page, [a, b]: [string, string]) {
  const [boxA, boxB] = [await itemRow(page, a).boundingBox(), await itemRow(page, b).boundingBox()];
  if (!boxA || !boxB) throw new Error("both rows are shown");
  return { heights: [boxA.height, boxB.height], apart: boxB.y - boxA.y };
}

async function setTeamShield(page: Page, shield: typeof DEFAULT_TEAM_SETTINGS.mediaShield) {
  expect((await page.request.patch("/api/settings", { data: { mediaShield: shield }, headers: write })).status()).toBe(200);
}

test.describe("wellbeing", () => {
  test.beforeEach(async () => resetEmulator());

  test("media are blurred and grey by default; showing one item's, by button or the m key, leaves the others hidden and moves nothing", async ({ browser }) => {
    const { context, page } = await newModerator(browser);
    const { search, ids } = await createImageItems(page, "shield");
    const [a, b] = ids;
    // Hidden in the page's first HTML too, before any script runs.
    const html = await (await page.request.get(`/?state=all&q=${search}`)).text();
    expect(html).toMatch(new RegExp(`<img[^>]*src="/api/media/${a}/0"[^>]*style="filter:blur\\(24px\\) grayscale\\(1\\)"`));
    await gotoQueue(page, `?state=all&q=${search}`);
    await expect(imageOf(page, a)).toHaveCSS("filter", "blur(24px) grayscale(1)");
    await expect(imageOf(page, b)).toHaveCSS("filter", "blur(24px) grayscale(1)");
    await expect(itemRow(page, a)).toContainText("Hidden until you show it");
    await expect(itemRow(page, a).getByRole("group", { name: "Media sent by ana-souza" })).toHaveAccessibleDescription(/Hidden until you show it.*m key/);

    const layout = await layoutOf(page, ids);
    const show = itemRow(page, a).getByRole("button", { name: /^Show media/ });
    await show.click();
    await expect(imageOf(page, a)).toHaveCSS("filter", "none");
    expect(await filterOf(page, b)).toBe("blur(24px) grayscale(1)");
    await expect(itemRow(page, a).getByRole("button", { name: /^Hide media/ })).toHaveAttribute("aria-pressed", "true");
    expect(await layoutOf(page, ids)).toEqual(layout);
    await itemRow(page, a).getByRole("button", { name: /^Hide media/ }).click();
    await expect(imageOf(page, a)).toHaveCSS("filter", "blur(24px) grayscale(1)");

    // The key acts on the highlighted item only.
    await itemRow(page, b).getByText(`Photo ${search}`).click();
    await page.keyboard.press("m");
    await expect(imageOf(page, b)).toHaveCSS("filter", "none");
    expect(await filterOf(page, a)).toBe("blur(24px) grayscale(1)");
    await page.keyboard.press("m");
    await expect(imageOf(page, b)).toHaveCSS("filter", "blur(24px) grayscale(1)");

    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Show or hide the item's images and videos");
    await context.close();
  });

  test("a moderator's own blur applies to them; the team's default set by an admin applies to a moderator without one", async ({ browser }) => {
    const own = await newModerator(browser);
    const other = await newModerator(browser);
    const admin = await (await browser.newContext({ storageState: E2E.storage.admin })).newPage();
    const { search, ids } = await createImageItems(own.page, "own-blur");
    try {
      // The moderator's own choice, on their account page.
      await own.page.goto("/account");
      await waitForReady(own.page);
      const blur = own.page.getByRole("group", { name: "Blur" });
      await expect(blur.getByLabel("Use the team's default (24 px)")).toBeChecked();
      await expect(blur.getByLabel(/^Blur strength/)).toBeDisabled();
      await blur.getByLabel("Use the team's default (24 px)").uncheck();
      await blur.getByLabel(/^Blur strength/).fill("6");
      await own.page.getByRole("button", { name: "Save preferences" }).click();
      await expect(own.page.getByText("Preferences saved.")).toBeVisible();
      expect(await seriousAxeViolations(own.page)).toEqual([]);
      await gotoQueue(own.page, `?state=all&q=${search}`);
      await expect(imageOf(own.page, ids[0])).toHaveCSS("filter", "blur(6px) grayscale(1)");

      // The team's default, on the admins' policies page.
      await admin.goto("/admin/policies");
      await waitForReady(admin);
      const defaults = admin.getByRole("form", { name: /the team's defaults/ });
      await defaults.getByLabel(/^Blur strength/).fill("10");
      await defaults.getByLabel("Show media in greyscale until revealed").uncheck();
      await defaults.getByRole("button", { name: "Save media and break defaults" }).click();
      await expect(toast(admin, "Media and break defaults saved.")).toBeVisible();

      await gotoQueue(other.page, `?state=all&q=${search}`);
      await expect(imageOf(other.page, ids[0])).toHaveCSS("filter", "blur(10px)");
      // The moderator with their own blur keeps it, and follows the team's greyscale.
      await gotoQueue(own.page, `?state=all&q=${search}`);
      await expect(imageOf(own.page, ids[0])).toHaveCSS("filter", "blur(6px)");
    } finally {
      await setTeamShield(admin, DEFAULT_TEAM_SETTINGS.mediaShield);
      await admin.context().close();
      await own.context.close();
      await other.context.close();
    }
  });

  test("the break reminder comes after a stretch of review without taking the focus; it can be dismissed until the next stretch and turned off", async ({ browser }) => {
    const { context, page } = await newModerator(browser);
    expect((await page.request.patch("/api/me/preferences", { data: { breakReminderMinutes: 20 }, headers: write })).status()).toBe(200);
    await page.clock.install();
    await gotoQueue(page);
    const reminder = page.getByRole("region", { name: "Break reminder" });
    // Key presses 9 minutes apart: one stretch (a pause over 10 minutes would be a break).
    const review = async (minutes: number[]) => {
      for (const m of minutes) {
        await page.keyboard.press("Shift");
        await page.clock.fastForward(m * 60_000);
      }
    };
    await review([9, 9]);
    await expect(reminder).toHaveCount(0);
    await review([3]);
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText("You have been reviewing for 20 minutes");
    expect(await reminder.evaluate((el) => el.contains(document.activeElement))).toBe(false);

    // Dismissed: the next stretch counts from now.
    await reminder.getByRole("button", { name: "Dismiss" }).click();
    await expect(reminder).toHaveCount(0);
    await review([9, 9]);
    await expect(reminder).toHaveCount(0);
    await review([3]);
    await expect(reminder).toBeVisible();

    await reminder.getByRole("button", { name: "Turn off reminders" }).click();
    await expect(toast(page, "Break reminders are off.")).toBeVisible();
    await expect(reminder).toHaveCount(0);
    const mine = (await (await page.request.get("/api/me/preferences")).json()) as { data: MyPreferences };
    expect(mine.data.own.breakReminderMinutes).toBe(0);
    await review([9, 9, 9]);
    await expect(reminder).toHaveCount(0);
    await context.close();
  });
});
