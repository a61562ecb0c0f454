import { request } from "@playwright/test";
import { E2E } from "./e2e-config";

/** Signs in once per role and keeps the session cookies for the tests (storageState). */
export default async function globalSetup() {
  for (const role of ["admin", "moderator"] as const) {
    const context = await request.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { origin: E2E.appUrl } });
    const response = await context.post("/api/auth/sign-in/email", { data: { email: E2E[role], password: E2E.password } });
    if (!response.ok()) throw new Error(`Signing in as ${role} failed: ${response.status()} ${await response.text()}`);
    await context.storageState({ path: E2E.storage[role] });
    await context.dispose();
  }
}
