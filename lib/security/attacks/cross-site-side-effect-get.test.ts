import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Issue 19 (Low): a GET that writes (the audit export records an audit row) could be triggered by
 * a link or an image on another site, since the session cookie goes along on top-level navigations.
 * Such GETs answer only requests the browser marks as same-origin or user-initiated.
 */
let h: Harness;
let admin: string;

const exportRoute = () => import("@/app/api/audit/export/route");
const exportRows = () => h.db.select().from(auditLog).where(eq(auditLog.action, "audit.export"));
const exportWith = async (headers: Record<string, string>) => h.call(await exportRoute(), "GET", "/api/audit/export", { cookie: admin, headers });

describe("GET with side effects from another site", () => {
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.cookieFor("admin");
  });
  afterAll(async () => h.close());

  it.each(["cross-site", "same-site"])("refuses an audit export the browser marks %s, and records nothing", async (site) => {
    const before = (await exportRows()).length;
    const response = await exportWith({ "sec-fetch-site": site, "sec-fetch-mode": "navigate" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "ERR_CROSS_ORIGIN", message: expect.stringContaining("dashboard's own pages") } });
    expect(await exportRows()).toHaveLength(before);
  });

  it("refuses an export linked from another site in a browser without fetch metadata (Referer from elsewhere)", async () => {
    const response = await exportWith({ referer: "https://evil.example/page" });
    expect(response.status).toBe(403);
  });

  it.each<Record<string, string>>([{ "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, {}])("exports (and audits) a same-origin, typed or non-browser request %j", async (headers) => {
    const before = (await exportRows()).length;
    const response = await exportWith(headers);
    expect(response.status).toBe(200);
    await response.text();
    expect(await exportRows()).toHaveLength(before + 1);
  });
});
