import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { EMULATOR_API_KEYS, EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import type { ApiKeySummary, RevealedApiKey } from "./api-key-types";
import { keyId } from "./api-keys";

let h: Harness;
let admin: string;
const routes = {
  reveal: () => import("@/app/api/apikeys/[id]/reveal/route"),
  summary: () => import("@/app/api/apikeys/summary/route"),
};
const production = EMULATOR_API_KEYS.find((key) => key.name === "Production server");

async function reveal(id: string, purpose: "reveal" | "copy") {
  return h.call(await routes.reveal(), "POST", `/api/apikeys/${id}/reveal`, { cookie: admin, params: { id }, body: { purpose }, headers: { origin: APP_URL } });
}

async function lastAuditRow(action: "apikey.reveal" | "apikey.copy", id: string) {
  const [row] = await h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.staffEmail, "admin@test.example")))
    .orderBy(desc(auditLog.id))
    .limit(1);
  expect(row?.detail).toMatchObject({ keyId: id });
  return row;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.cookieFor("admin");
  // Reveals need a fresh proof of presence in the session (lib/security/attacks/key-reveal-needs-presence.test.ts).
  const presence = await h.call(await import("@/app/api/me/presence/route"), "POST", "/api/me/presence", {
    cookie: admin,
    body: { password: PASSWORD },
    headers: { origin: APP_URL },
  });
  expect(presence.status).toBe(200);
}, 120_000);
afterAll(async () => h?.close());

describe("API key review", () => {
  it("counts keys per scope from the service's totals and warns about several fullAccess keys and old keys", async () => {
    const response = await h.call(await routes.summary(), "GET", "/api/apikeys/summary", { cookie: admin });
    const { data } = (await response.json()) as ApiKeySummary;
    const fullAccess = EMULATOR_API_KEYS.filter((key) => key.scope === "fullAccess").length;
    expect(data.scopes).toEqual({
      fullAccess: { total: fullAccess, returned: fullAccess },
      authOnly: { total: EMULATOR_API_KEYS.length - fullAccess, returned: EMULATOR_API_KEYS.length - fullAccess },
    });
    expect(data.maxAgeDays).toBe(365);
    const old = EMULATOR_API_KEYS.filter((key) => key.ageDays > 365).sort((a, b) => b.ageDays - a.ageDays);
    expect(data.warnings).toEqual([
      { kind: "several-full-access", count: fullAccess },
      { kind: "old-keys", maxAgeDays: 365, keys: old.map((key) => expect.objectContaining({ id: keyId(key.apiKey), name: key.name, scope: key.scope })) },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/[0-9a-f]{40}/);
  });

  it("reveals one key's full value and records who revealed which key", async () => {
    if (!production) throw new Error("the emulator seed lost its production key");
    const id = keyId(production.apiKey);
    const response = await reveal(id, "reveal");
    expect(response.status).toBe(200);
    expect(((await response.json()) as RevealedApiKey).data).toEqual({ id, name: "Production server", scope: "fullAccess", apiKey: production.apiKey });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const row = await lastAuditRow("apikey.reveal", id);
    expect(row).toMatchObject({ outcome: "success", detail: { keyId: id, name: "Production server", scope: "fullAccess" } });
    expect(JSON.stringify(row)).not.toContain(production.apiKey);
  });

  it("records a copy as a copy", async () => {
    if (!production) throw new Error("the emulator seed lost its production key");
    const id = keyId(production.apiKey);
    expect((await reveal(id, "copy")).status).toBe(200);
    expect(await lastAuditRow("apikey.copy", id)).toMatchObject({ outcome: "success" });
  });

  it("refuses the dashboard's own key with a reason, and records the refusal", async () => {
    const id = keyId(EMULATOR_DEMO_API_KEY);
    for (const purpose of ["reveal", "copy"] as const) {
      const response = await reveal(id, purpose);
      const text = await response.text();
      expect(response.status).toBe(403);
      expect(text).not.toContain(EMULATOR_DEMO_API_KEY);
      expect(JSON.parse(text)).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("used by this dashboard and never leaves the server") } });
      expect(await lastAuditRow(purpose === "copy" ? "apikey.copy" : "apikey.reveal", id)).toMatchObject({ outcome: "failure", errorCode: "ERR_FORBIDDEN", errorStatus: 403 });
    }
  });

  it("answers 404 for a key the service does not list, and 400 for an id that is not one", async () => {
    const missing = "0123456789abcdef";
    expect((await reveal(missing, "reveal")).status).toBe(404);
    expect(await lastAuditRow("apikey.reveal", missing)).toMatchObject({ outcome: "failure", errorCode: "ERR_NOT_FOUND" });
    const malformed = await reveal("../../users", "reveal");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { message: expect.stringContaining("path.id") } });
    const wrongPurpose = await h.call(await routes.reveal(), "POST", `/api/apikeys/${missing}/reveal`, {
      cookie: admin,
      params: { id: missing },
      body: { purpose: "email" },
      headers: { origin: APP_URL },
    });
    expect(wrongPurpose.status).toBe(400);
  });
});
