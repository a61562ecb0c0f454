import type { Page } from "@playwright/test";
import { E2E } from "./support/e2e-config";
import { expect, test } from "./support/fixtures";
import { waitForReady } from "./support/ready";
import { submitSignIn } from "./support/sign-in";

/**
 * Every page carries a nonce-based Content-Security-Policy that the browser enforces without a
 * single violation, plus the static security headers; every API answer has its own strict policy.
 */

const PAGES = ["/", "/users", "/users/ana-souza", "/users/mallory", "/users/deactivate", "/admin/api-keys", "/admin/audit", "/admin/staff", "/account", "/no-such-page"];

const directives = (policy: string) => new Map(policy.split(/;\s*/).map((d) => [d.split(" ")[0] ?? "", d] as const));

function expectStaticHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // The suite's dashboard is on plain http: no HSTS (proxy.test.ts covers https).
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/** Collects CSP violations the page reports, from the event and from the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

test.describe("security headers", () => {
  test.use({ storageState: E2E.storage.admin });

  test("every page has a nonce-based policy without unsafe-eval, enforced with no violation, and still hydrates", async ({ page }) => {
    // Every page's full load, each waited for.
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of PAGES) {
      const response = await page.goto(path);
      await waitForReady(page);
      const headers = response?.headers() ?? {};
      const policy = headers["content-security-policy"] ?? "";
      const d = directives(policy);
      const nonce = /'nonce-([^']+)'/.exec(d.get("script-src") ?? "")?.[1];
      expect(nonce, `${path}: script-src has a nonce`).toBeTruthy();
      nonces.add(nonce ?? "");
      expect(d.get("script-src")).toContain("'strict-dynamic'");
      expect(policy).not.toContain("unsafe-eval");
      expect(d.get("frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(d.get("base-uri")).toBe("base-uri 'none'");
      expect(d.get("object-src")).toBe("object-src 'none'");
      expect(d.get("form-action")).toBe("form-action 'self'");
      expect(d.get("connect-src")).toBe("connect-src 'self'");
      // Avatars and group icons come through the dashboard's media route: no other host, whoever chose the URL.
      expect(d.get("img-src")).toBe("img-src 'self' data:");
      expectStaticHeaders(headers);
      // Next put this response's nonce on its inline scripts (the browser keeps it in .nonce only).
      const inline = await page.locator("script:not([src])").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
      expect(inline.length).toBeGreaterThan(0);
      expect(new Set(inline)).toEqual(new Set([nonce]));
    }
    expect(nonces.size).toBe(PAGES.length);

    // Hydrated: client-side navigation and a client component's state work under the policy.
    await page.goto("/users");
    await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/admin\/audit/);
    await page.goto("/");
    await waitForReady(page);
    await page.getByRole("button", { name: /^Details/ }).first().click();
    await expect(page.getByRole("button", { name: /^Hide details/ }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the sign-in page has the policy too and signs in under it", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto("/sign-in");
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    await submitSignIn(page, E2E.moderator);
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
    expect(violations).toEqual([]);
    await context.close();
  });

  test("API answers carry a policy that lets nothing run or frame them, and the static headers", async ({ page }) => {
    for (const path of ["/api/review/queue", "/api/health", "/api/users/no-such-user", "/api/auth/get-session", "/api/metrics"]) {
      const response = await page.request.get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expectStaticHeaders(headers);
    }
  });
});
