import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Attack (on the record): kill the dashboard while an action is in flight and its audit row stays
 * "pending" forever; make the chat service slow and an action that may well have happened is
 * recorded as a failure, so whoever reads the log concludes nothing was done. Both are recorded as
 * "unknown": a sweep (at start and periodically) marks pending rows older than a few minutes, and a
 * timeout after sending is recorded as unknown, not failure.
 */
let harness: Harness;
let usersRoute: Parameters<Harness["call"]>[0];

beforeAll(async () => {
  harness = await startHarness({ env: { CHAT_TIMEOUT_MS: "300" } });
  usersRoute = await import("@/app/api/users/route");
});
afterAll(() => harness?.close());

describe("actions whose outcome is not known", () => {
  it("a deactivation that timed out after it was sent is recorded as unknown, not as a failure", async () => {
    await fetch(`${harness.emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "latency", route: "DELETE /users", latencyMs: 1_000, count: 1 }),
    });
    const cookie = await harness.cookieFor("admin");
    const response = await harness.call(usersRoute, "DELETE", "/api/users", { cookie, body: { uidsToDeactivate: ["ana-souza"] }, headers: { origin: APP_URL } });
    expect(response.status).toBe(504);
    const [row] = await harness.db.select().from(auditLog).where(eq(auditLog.action, "users.deactivate"));
    expect(row).toMatchObject({ outcome: "unknown", errorCode: "ERR_UPSTREAM_TIMEOUT" });
  });

  it("the sweep marks pending rows older than its threshold as unknown, with the reason, and leaves younger ones and finished ones alone", async () => {
    const { sweepPendingAudit, PENDING_AUDIT_MAX_AGE_MS } = await import("@/lib/audit/sweep-pending");
    const now = new Date("2030-01-01T12:00:00Z");
    const at = (msBefore: number) => new Date(now.getTime() - msBefore);
    const inserted = await harness.db
      .insert(auditLog)
      .values([
        { action: "message.pin", outcome: "pending", at: at(PENDING_AUDIT_MAX_AGE_MS + 1_000), detail: { as: "app_system" } },
        { action: "message.pin", outcome: "pending", at: at(PENDING_AUDIT_MAX_AGE_MS - 1_000) },
        { action: "message.pin", outcome: "success", at: at(PENDING_AUDIT_MAX_AGE_MS * 10) },
      ])
      .returning({ id: auditLog.id });
    expect(await sweepPendingAudit(harness.db, now)).toBe(1);
    const rows = await harness.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} in (${sql.join(inserted.map((r) => sql`${r.id}`), sql`, `)})`)
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.outcome)).toEqual(["unknown", "pending", "success"]);
    expect(rows[0]?.detail).toMatchObject({ as: "app_system", error: expect.stringMatching(/stopped before/) });
  });
});
