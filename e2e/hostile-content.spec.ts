import type { Page } from "@playwright/test";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { createFlaggedMessages, flagUpstream, gotoQueue, itemRow, marker, queueSnapshot } from "./support/queue";
import { waitForReady } from "./support/ready";

/**
 * Content from the chat service is hostile: texts, names, remarks, metadata, tags, links and
 * avatars carry markup and script. Whatever the page, none of it runs, none of it becomes an
 * element, and no unsafe URL becomes a link or an image source; the payload reads as text.
 */

const payload = (where: string) => `<img src=x onerror="alert('${where}')"><script>alert('${where}')</script><svg onload="alert('${where}')">`;

const HOSTILE_USER = {
  link: "javascript:alert('link')",
  avatar: "javascript:alert('avatar')",
  metadata: { bio: payload("metadata"), "<b onmouseover=alert(1)>key</b>": "data:text/html,<script>alert('meta-url')</script>", homepage: "javascript:alert(document.cookie)" },
  tags: [payload("tag"), "javascript:alert('tag-url')"],
};

/** Fails the test on any dialog (alert, confirm, prompt) a payload manages to open. */
function failOnDialog(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

/** What the DOM must never hold, wherever the content came from. */
async function expectInertDom(page: Page) {
  const found = await page.evaluate(() => {
    const unsafeUrl = (value: string, allowDataImage: boolean) => {
      const url = new URL(value, document.baseURI);
      if (url.protocol === "http:" || url.protocol === "https:") return false;
      return !(allowDataImage && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value));
    };
    return {
      injected: [...document.querySelectorAll("img[src='x'], svg[onload], [onerror], [onload], [onmouseover]")].map((e) => e.outerHTML.slice(0, 120)),
      inlineScriptsWithoutNonce: [...document.querySelectorAll<HTMLScriptElement>("script:not([src])")].filter((s) => !s.nonce).map((s) => s.outerHTML.slice(0, 120)),
      links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? "").filter((href) => unsafeUrl(href, false)),
      images: [...document.querySelectorAll("img")].map((i) => i.getAttribute("src") ?? "").filter((src) => unsafeUrl(src, true)),
      frames: document.querySelectorAll("iframe, object, embed").length,
    };
  });
  expect(found).toEqual({ injected: [], inlineScriptsWithoutNonce: [], links: [], images: [], frames: 0 });
}

test.describe("hostile content from the chat service", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("in the queue: message text, sender, flagger, remark and avatars stay text", async ({ page }) => {
    const dialogs = failOnDialog(page);
    const tag = marker("xss");
    await emulatorControl("users/mallory", { ...HOSTILE_USER, avatar: "data:text/html,<script>alert('avatar')</script>" }, "PATCH");
    const text = `${tag} ${payload("text")} [link](javascript:alert('md'))`;
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "mallory", receiver: "kenji-watanabe", text, flagger: "ingrid-johansen" }]);
    // Mallory flags too: her (hostile) name and a hostile remark appear among the flags.
    await flagUpstream(id, "mallory", "other", payload("remark"));
    await queueSnapshot(page);

    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, id);
    await expect(row.getByText(text)).toBeVisible();
    await row.getByRole("button", { name: /^Details/ }).click();
    await expect(row.getByText(payload("remark"))).toBeVisible();
    await expect(row.getByText("Mallory <img src=x onerror=alert(1)>").first()).toBeVisible();
    // Hydrated and interactive: the payloads had every chance to run.
    await expect(row.getByRole("button", { name: /^Hide details/ })).toHaveAttribute("aria-expanded", "true");
    await expectInertDom(page);
    expect(dialogs).toEqual([]);
  });

  test("on the user page: name, link, avatar, metadata and tags stay text", async ({ page }) => {
    const dialogs = failOnDialog(page);
    await emulatorControl("users/mallory", HOSTILE_USER, "PATCH");
    await page.goto("/users/mallory");
    await waitForReady(page);
    await expect(page.getByRole("heading", { level: 1, name: "Mallory <img src=x onerror=alert(1)>" })).toBeVisible();
    await expect(page.getByText(HOSTILE_USER.link, { exact: true })).toBeVisible();
    await expect(page.getByText("(not a web address, shown as text)")).toBeVisible();
    await expect(page.getByText(payload("metadata")).first()).toBeVisible();
    await expect(page.getByText(payload("tag")).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /javascript:/ })).toHaveCount(0);
    await expectInertDom(page);
    expect(dialogs).toEqual([]);
  });

  test("a data: avatar that is not an image is never an image source; a data:image one is", async ({ page }) => {
    const dialogs = failOnDialog(page);
    await emulatorControl("users/mallory", { avatar: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" }, "PATCH");
    await page.goto("/users/mallory");
    await waitForReady(page);
    await expect(page.locator("main img")).toHaveCount(0);
    await expectInertDom(page);
    const picture = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8'/%3E%3C/svg%3E";
    await emulatorControl("users/mallory", { avatar: picture }, "PATCH");
    await page.reload();
    await expect(page.locator("main img").first()).toHaveAttribute("src", picture);
    expect(dialogs).toEqual([]);
  });

  test("the users, API keys and audit pages stay inert after hostile content went through the dashboard", async ({ page }) => {
    const dialogs = failOnDialog(page);
    await emulatorControl("users/mallory", HOSTILE_USER, "PATCH");
    // Opening Mallory puts her in recently viewed users, and acting on her writes her UID to the audit log.
    await page.goto("/users/mallory");
    for (const path of ["/users", "/admin/api-keys", "/admin/audit"]) {
      await page.goto(path);
      await waitForReady(page);
      await expectInertDom(page);
    }
    await page.goto("/users");
    await expect(page.getByText("Mallory <img src=x onerror=alert(1)>").first()).toBeVisible();
    expect(dialogs).toEqual([]);
  });
});
