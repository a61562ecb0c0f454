import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";

/** The session cookie's attributes as a browser receives them from a sign-in. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and not Secure on a plain-http address", async () => {
    h = await startHarness();
    const { response } = await h.signIn("admin@test.example");
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("is also Secure (and __Secure- prefixed) when APP_URL is https", async () => {
    h = await startHarness({ env: { APP_URL: "https://dashboard.example.com" } });
    const { response } = await h.signIn("admin@test.example");
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});
