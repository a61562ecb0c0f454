import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, deactivatedUser } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import type { DeactivateUsersResponse, ReactivateUsersResponse } from "./deactivation-outcome";
import type { UserAnswer } from "./user-schemas";

/** Issue 18: deactivated users read as deactivated, an admin reactivates them, every outcome is audited. */
let h: Harness;
let cookies: Record<"admin" | "moderator", string>;
const write = { origin: APP_URL };
const routes = { user: () => import("@/app/api/users/[uid]/route"), users: () => import("@/app/api/users/route") };

const getUser = async (uid: string) =>
  h.call(await routes.user(), "GET", `/api/users/${encodeURIComponent(uid)}`, { params: { uid }, cookie: cookies.moderator });
const deactivate = async (uids: string[]) =>
  h.call(await routes.users(), "DELETE", "/api/users", { body: { uidsToDeactivate: uids }, cookie: cookies.moderator, headers: write });
const reactivate = async (body: unknown, role: "admin" | "moderator" = "admin") => h.call(await routes.users(), "PUT", "/api/users", { body, cookie: cookies[role], headers: write });
const auditOf = (action: string) => h.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  h = await startHarness();
  cookies = { admin: await h.cookieFor("admin"), moderator: await h.cookieFor("moderator") };
});
afterAll(async () => h.close());
beforeEach(async () => {
  await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
  await h.db.delete(auditLog).where(eq(auditLog.action, "users.reactivate"));
  await h.db.delete(auditLog).where(eq(auditLog.action, "users.deactivate"));
});

describe("a user the service answers 404 for", () => {
  it("is found among deactivated users and read as deactivated, matching the UID exactly in any case", async () => {
    expect((await deactivate(["ana-souza"])).status).toBe(200);
    const response = await getUser("Ana-Souza");
    expect(response.status).toBe(200);
    const answer = (await response.json()) as UserAnswer;
    expect(answer).toMatchObject({ deactivated: true, data: { uid: "ana-souza", name: "Ana Souza" } });
    const active = (await (await getUser("kenji-watanabe")).json()) as UserAnswer;
    expect(active.deactivated).toBe(false);
  });

  it("is still 404 when no deactivated user has exactly that UID (the search is by prefix)", async () => {
    await deactivate(["ana-souza"]);
    const response = await getUser("ana-sou");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("ERR_UID_NOT_FOUND");
  });
});

describe("deactivating", () => {
  it("reports and audits each UID's outcome: deactivated, already deactivated, not found", async () => {
    await deactivate(["kenji-watanabe"]);
    const response = await deactivate(["ana-souza", "Kenji-Watanabe", "nobody-such"]);
    const { outcomes } = (await response.json()) as DeactivateUsersResponse;
    expect(outcomes).toEqual({ deactivated: ["ana-souza"], "already-deactivated": ["kenji-watanabe"], "not-found": ["nobody-such"], unknown: [], "awaiting-approval": [] });
    const [, second] = (await auditOf("users.deactivate")).sort((a, b) => a.id - b.id);
    expect(second?.detail).toEqual({
      asked: ["ana-souza", "kenji-watanabe", "nobody-such"],
      deactivatedUids: ["ana-souza"],
      alreadyDeactivatedUids: ["kenji-watanabe"],
      notFound: ["nobody-such"],
      unknownOutcome: [],
    });
  });
});

describe("PUT /api/users (reactivate)", () => {
  it("reactivates a deactivated user, forgets the dashboard's deactivation record, and audits it", async () => {
    await deactivate(["ana-souza"]);
    expect(await h.db.select().from(deactivatedUser).where(eq(deactivatedUser.uid, "ana-souza"))).toHaveLength(1);
    const response = await reactivate({ uidsToActivate: ["ana-souza", "kenji-watanabe", "nobody-such"] });
    expect(response.status).toBe(200);
    const { outcomes } = (await response.json()) as ReactivateUsersResponse;
    expect(outcomes).toEqual({ reactivated: ["ana-souza"], "not-deactivated": ["kenji-watanabe"], "not-found": ["nobody-such"], unknown: [] });
    expect(((await (await getUser("ana-souza")).json()) as UserAnswer).deactivated).toBe(false);
    expect(await h.db.select().from(deactivatedUser).where(eq(deactivatedUser.uid, "ana-souza"))).toHaveLength(0);
    expect(await auditOf("users.reactivate")).toEqual([
      expect.objectContaining({
        outcome: "success",
        staffId: h.staffIds.admin,
        targetUids: ["ana-souza", "kenji-watanabe", "nobody-such"],
        detail: expect.objectContaining({ reactivatedUids: ["ana-souza"], nonDeactivatedUids: ["kenji-watanabe"], notFound: ["nobody-such"] }),
      }),
    ]);
  });

  it("is for admins only, and refuses a bad body naming the field, changing nothing", async () => {
    await deactivate(["ana-souza"]);
    expect((await reactivate({ uidsToActivate: ["ana-souza"] }, "moderator")).status).toBe(403);
    const bad = await reactivate({ uidsToActivate: "ana-souza" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/uidsToActivate/);
    expect((await reactivate({ uidsToActivate: ["ana-souza"], extra: 1 })).status).toBe(400);
    expect(((await (await getUser("ana-souza")).json()) as UserAnswer).deactivated).toBe(true);
    expect(await auditOf("users.reactivate")).toEqual([]);
  });
});
