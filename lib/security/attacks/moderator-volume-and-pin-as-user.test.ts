import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Attacks by one moderator account (stolen, or its owner gone rogue): deactivating thousands of
 * users in a second, and pinning in a user's name. Deactivations are held to a per-moderator hourly
 * allowance counted in the database (admins are not limited), and pinning on behalf of a user is
 * for admins. Every refusal is audited.
 */
const LIMIT = 5;
let harness: Harness;
let moderator: string;
let admin: string;
let usersRoute: Parameters<Harness["call"]>[0];
let pinRoute: Parameters<Harness["call"]>[0];

beforeAll(async () => {
  harness = await startHarness({ env: { DEACTIVATIONS_PER_HOUR: String(LIMIT) } });
  moderator = await harness.cookieFor("moderator");
  admin = await harness.cookieFor("admin");
  usersRoute = await import("@/app/api/users/route");
  pinRoute = await import("@/app/api/messages/[id]/pin/route");
});
afterAll(() => harness?.close());

type ErrorBody = { error: { code: string; message: string } };
const uids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const deactivate = (cookie: string, body: object) =>
  harness.call(usersRoute, "DELETE", "/api/users", { cookie, body, headers: { origin: APP_URL } });
const deactivationRows = (staffId: string) =>
  harness.db.select().from(auditLog).where(and(eq(auditLog.action, "users.deactivate"), eq(auditLog.staffId, staffId)));

describe("deactivation volume", () => {
  it("a moderator's deactivations stop at the hourly allowance, with a message to ask an admin, audited", async () => {
    expect((await deactivate(moderator, { uidsToDeactivate: uids("first", 2) })).status).toBe(200);
    expect((await deactivate(moderator, { uidsToDeactivate: uids("second", 2) })).status).toBe(200);
    const refused = await deactivate(moderator, { uidsToDeactivate: uids("third", 2) });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe("ERR_VOLUME_LIMIT");
    expect(body.error.message).toMatch(/at most 5 users per hour; you can deactivate 1 more now/);
    expect(body.error.message).toMatch(/ask an admin/i);
    expect((await deactivate(moderator, { uidsToDeactivate: uids("fourth", 1) })).status).toBe(200);
    const rows = await deactivationRows(harness.staffIds.moderator);
    expect(rows.map((r) => r.outcome).sort()).toEqual(["failure", "success", "success", "success"]);
  });

  it("a burst sent all at once never passes the allowance together (whatever the order the requests land in)", async () => {
    const { addStaff } = await import("@/lib/staff/staff-store");
    await addStaff(harness.db, { email: "burst@test.example", role: "moderator", password: "harness-password-1" });
    const { cookie } = await harness.signIn("burst@test.example");
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => deactivate(cookie, { uidsToDeactivate: uids(`burst${i}`, 2) })));
    expect(answers.filter((r) => r.status === 200).length * 2).toBeLessThanOrEqual(LIMIT);
    for (const response of answers.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(429);
      expect(((await response.json()) as ErrorBody).error.code).toBe("ERR_VOLUME_LIMIT");
    }
  });

  it("admins are not limited", async () => {
    expect((await deactivate(admin, { uidsToDeactivate: uids("admin", 40) })).status).toBe(200);
  });
});

describe("a bulk run larger than what is left", () => {
  it("is refused before its first batch, so nothing of it is deactivated", async () => {
    // A second moderator with a fresh allowance.
    const { addStaff } = await import("@/lib/staff/staff-store");
    await addStaff(harness.db, { email: "bulk@test.example", role: "moderator", password: "harness-password-1" });
    const { cookie } = await harness.signIn("bulk@test.example");
    const sentBefore = await harness.upstreamRequests();
    const response = await deactivate(cookie, { uidsToDeactivate: ["ana-souza"], bulkRemaining: 250 });
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/ask an admin/i);
    expect(await harness.upstreamRequests()).toBe(sentBefore);
  });
});

describe("pinning on behalf of a user", () => {
  const pin = (cookie: string, id: string, onBehalfOf?: string) =>
    harness.call(pinRoute, "POST", `/api/messages/${id}/pin`, {
      cookie,
      params: { id },
      headers: { origin: APP_URL, ...(onBehalfOf ? { onBehalfOf } : {}) },
    });

  it("is refused to a moderator (403, audited) and allowed to an admin", async () => {
    const refused = await pin(moderator, "10002", "kenji-watanabe");
    expect(refused.status).toBe(403);
    const [row] = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message.pin"), eq(auditLog.staffId, harness.staffIds.moderator)));
    expect(row).toMatchObject({ outcome: "failure", errorCode: "ERR_FORBIDDEN", targetUids: ["kenji-watanabe"] });
    expect((await pin(admin, "10002", "kenji-watanabe")).status).toBe(200);
  });

  it("as the app stays open to moderators", async () => {
    expect((await pin(moderator, "10003")).status).toBe(200);
  });
});
