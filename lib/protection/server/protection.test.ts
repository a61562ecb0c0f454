import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, deactivatedUser, deactivationRequest, policy } from "@/lib/db/schema";
import { addStaff } from "@/lib/staff/staff-store";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { DeactivationRequestsResponse, UserProtection } from "@/lib/protection/model/protection-schemas";
import type { DeactivateUsersResponse } from "@/lib/users/deactivation-outcome";

const routes = {
  users: () => import("@/app/api/users/route"),
  requests: () => import("@/app/api/deactivation-requests/route"),
  decide: () => import("@/app/api/deactivation-requests/[id]/route"),
  protectedUsers: () => import("@/app/api/protected-users/route"),
  protectedUser: () => import("@/app/api/protected-users/[uid]/route"),
  protection: () => import("@/app/api/users/[uid]/protection/route"),
  settings: () => import("@/app/api/settings/route"),
  senders: () => import("@/app/api/review/deactivate-senders/route"),
};
const write = { origin: APP_URL };

describe.each(databaseTargets())("protected users and two-person deactivation on $name", (target) => {
  let h: Harness;
  const cookie = { admin: "", moderator: "", admin2: "", moderator2: "" };

  async function deactivate(who: keyof typeof cookie, uids: string[], extra: Record<string, unknown> = {}) {
    return h.call(await routes.users(), "DELETE", "/api/users", { cookie: cookie[who], headers: write, body: { uidsToDeactivate: uids, ...extra } });
  }
  async function decide(who: keyof typeof cookie, id: number, decision: string, note?: string) {
    return h.call(await routes.decide(), "POST", `/api/deactivation-requests/${id}`, { cookie: cookie[who], headers: write, params: { id: String(id) }, body: { decision, ...(note ? { note } : {}) } });
  }
  async function requests(uid?: string) {
    const response = await h.call(await routes.requests(), "GET", "/api/deactivation-requests", { cookie: cookie.moderator, query: uid ? { uid } : {} });
    expect(response.status).toBe(200);
    return ((await response.json()) as DeactivationRequestsResponse).data;
  }
  async function pendingId(uid: string) {
    const [request] = (await requests(uid)).pending;
    if (!request) throw new Error(`no pending request for ${uid}`);
    return request.id;
  }
  const isDeactivated = async (uid: string) => (await h.db.select().from(deactivatedUser).where(eq(deactivatedUser.uid, uid))).length > 0;
  const patchSettings = async (body: Record<string, unknown>) =>
    expect((await h.call(await routes.settings(), "PATCH", "/api/settings", { cookie: cookie.admin, headers: write, body })).status).toBe(200);

  beforeAll(async () => {
    h = await startHarness({ target });
    await addStaff(h.db, { email: "admin2@test.example", role: "admin", password: PASSWORD, name: "Second Admin" });
    await addStaff(h.db, { email: "mod2@test.example", role: "moderator", password: PASSWORD, name: "Second Moderator" });
    cookie.admin = await h.cookieFor("admin");
    cookie.moderator = await h.cookieFor("moderator");
    cookie.admin2 = (await h.signIn("admin2@test.example")).cookie;
    cookie.moderator2 = (await h.signIn("mod2@test.example")).cookie;
  });
  afterAll(() => h.close());

  it("protects a user by a configured tag: a moderator's deactivation becomes a pending request, audited, and nothing is deactivated", async () => {
    // priya-raman carries the tag "staff", one of the default protected tags.
    const response = await deactivate("moderator", ["Priya-Raman"], { note: "harassing members" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as DeactivateUsersResponse;
    expect(answer.outcomes["awaiting-approval"]).toEqual(["priya-raman"]);
    expect(answer.outcomes.deactivated).toEqual([]);
    expect(answer.awaitingApproval).toEqual([{ uid: "priya-raman", requestId: expect.any(Number), protection: { by: "tag", value: "staff" }, joined: false }]);
    expect(await isDeactivated("priya-raman")).toBe(false);
    const [pending] = (await requests("priya-raman")).pending;
    expect(pending).toMatchObject({ uid: "priya-raman", name: "Priya Raman", state: "pending", note: "harassing members", requestedBy: { id: h.staffIds.moderator, role: "moderator" } });
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "deactivation_request.create"), eq(auditLog.outcome, "success")));
    expect(row).toMatchObject({ staffId: h.staffIds.moderator, targetUids: ["priya-raman"], detail: { protectedBy: { "priya-raman": { by: "tag", value: "staff" } } } });
    const [asked] = await h.db.select().from(auditLog).where(eq(auditLog.action, "users.deactivate"));
    expect(asked?.detail).toMatchObject({ deactivatedUids: [], awaitingApproval: ["priya-raman"] });
  });

  it("refuses self-approval with words saying why, and a moderator approving a moderator's request", async () => {
    const id = await pendingId("priya-raman");
    const self = await decide("moderator", id, "approve");
    expect(self.status).toBe(403);
    expect(((await self.json()) as { error: { message: string } }).error.message).toMatch(/You asked for this deactivation, so another staff member must decide it/);
    const otherModerator = await decide("moderator2", id, "approve");
    expect(otherModerator.status).toBe(403);
    expect(((await otherModerator.json()) as { error: { message: string } }).error.message).toMatch(/an admin must decide it/);
    expect((await decide("moderator2", id, "cancel")).status).toBe(403);
    expect((await requests("priya-raman")).pending).toHaveLength(1);
    expect(await isDeactivated("priya-raman")).toBe(false);
  });

  it("a second request for the same user joins the pending one", async () => {
    const response = await deactivate("moderator2", ["priya-raman"]);
    const answer = (await response.json()) as DeactivateUsersResponse;
    expect(answer.awaitingApproval).toEqual([expect.objectContaining({ uid: "priya-raman", requestId: await pendingId("priya-raman"), joined: true })]);
    expect((await requests("priya-raman")).pending).toHaveLength(1);
  });

  it("two admins approving at once deactivate the user once; the other is told who decided", async () => {
    const id = await pendingId("priya-raman");
    const answers = await Promise.all([decide("admin", id, "approve", "confirmed"), decide("admin2", id, "approve", "confirmed")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409);
    expect(((await loser?.json()) as { error: { message: string } }).error.message).toMatch(/already approved by/);
    const winner = answers.find((a) => a.status === 200);
    expect(((await winner?.json()) as { data: { outcome: string; request: { state: string } } }).data).toMatchObject({ outcome: "deactivated", request: { state: "approved" } });
    expect(await isDeactivated("priya-raman")).toBe(true);
    const deactivations = (await h.db.select().from(auditLog).where(and(eq(auditLog.action, "users.deactivate"), eq(auditLog.outcome, "success")))).filter(
      (row) => (row.detail as { deactivatedUids?: string[] }).deactivatedUids?.length,
    );
    expect(deactivations).toHaveLength(1);
    expect(deactivations[0]).toMatchObject({ targetUids: ["priya-raman"], detail: { approvedRequestId: id, deactivatedUids: ["priya-raman"] } });
    const approvals = await h.db.select().from(auditLog).where(eq(auditLog.action, "deactivation_request.approve"));
    // The loser is refused either before its audit row (it read the request decided) or inside it (it lost the row), never twice a success.
    expect(approvals.filter((a) => a.outcome === "success")).toHaveLength(1);
    expect((await requests("priya-raman")).decided[0]).toMatchObject({ state: "approved", decisionNote: "confirmed", decidedBy: { id: expect.any(String) } });
  });

  it("protects a user on the admins' list and by a configured role; the user page says why", async () => {
    const add = await h.call(await routes.protectedUsers(), "POST", "/api/protected-users", { cookie: cookie.admin, headers: write, body: { uid: "Ana-Souza", note: "board member" } });
    expect(add.status).toBe(200);
    expect((await h.call(await routes.protectedUsers(), "POST", "/api/protected-users", { cookie: cookie.moderator, headers: write, body: { uid: "x" } })).status).toBe(403);
    await patchSettings({ protectedRoles: ["VIP"] });
    const protectionOf = async (uid: string) =>
      ((await (await h.call(await routes.protection(), "GET", `/api/users/${uid}/protection`, { cookie: cookie.moderator, params: { uid } })).json()) as { data: UserProtection }).data;
    expect((await protectionOf("ana-souza")).protection).toEqual({ by: "list", value: "ana-souza" });
    expect((await protectionOf("kenji-watanabe")).protection).toEqual({ by: "role", value: "vip" });
    expect((await protectionOf("mateo-rossi")).protection).toBeNull();
    const [added] = await h.db.select().from(auditLog).where(eq(auditLog.action, "protected_user.add"));
    expect(added).toMatchObject({ targetUids: ["ana-souza"], detail: { note: "board member" }, outcome: "success" });
  });

  it("a bulk deactivation deactivates the unprotected users and leaves a request for each protected one, under the policy named", async () => {
    const [spam] = await h.db.select().from(policy).where(eq(policy.name, "Spam"));
    const response = await deactivate("admin", ["ana-souza", "mateo-rossi", "kenji-watanabe", "wei-zhang"], { policyId: spam?.id });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as DeactivateUsersResponse;
    expect(answer.outcomes.deactivated).toEqual(["mateo-rossi", "wei-zhang"]);
    expect(answer.outcomes["awaiting-approval"]).toEqual(["ana-souza", "kenji-watanabe"]);
    expect(await isDeactivated("mateo-rossi")).toBe(true);
    expect(await isDeactivated("ana-souza")).toBe(false);
    const rows = await h.db.select().from(deactivationRequest).where(eq(deactivationRequest.state, "pending"));
    expect(rows.map((r) => [r.uid, r.policyId]).sort()).toEqual([
      ["ana-souza", spam?.id],
      ["kenji-watanabe", spam?.id],
    ]);
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "users.deactivate"), eq(auditLog.staffId, h.staffIds.admin)));
    expect(audit).toMatchObject({ targetUids: ["ana-souza", "mateo-rossi", "kenji-watanabe", "wei-zhang"], detail: { policy: { id: spam?.id, name: "Spam" }, awaitingApproval: ["ana-souza", "kenji-watanabe"] } });
  });

  it("an admin's request may be decided by a moderator; refusing and cancelling close a request without deactivating, audited", async () => {
    const anaRequest = await pendingId("ana-souza");
    const refused = await decide("moderator", anaRequest, "refuse", "not enough evidence");
    expect(refused.status).toBe(200);
    expect(await isDeactivated("ana-souza")).toBe(false);
    expect((await requests("ana-souza")).decided[0]).toMatchObject({ state: "refused", decisionNote: "not enough evidence" });
    expect((await decide("admin2", anaRequest, "approve")).status).toBe(409);

    const kenjiRequest = await pendingId("kenji-watanabe");
    expect((await decide("admin2", kenjiRequest, "cancel")).status).toBe(403);
    expect((await decide("admin", kenjiRequest, "cancel")).status).toBe(200);
    expect(await isDeactivated("kenji-watanabe")).toBe(false);
    const states = await h.db.select({ action: auditLog.action, outcome: auditLog.outcome }).from(auditLog).where(eq(auditLog.outcome, "success"));
    expect(states.map((s) => s.action)).toEqual(expect.arrayContaining(["deactivation_request.refuse", "deactivation_request.cancel"]));
  });

  it("keeps a request pending, and says so, when the chat service fails the approved deactivation", async () => {
    await deactivate("moderator", ["kenji-watanabe"]);
    const id = await pendingId("kenji-watanabe");
    await fetch(`${h.emulator.url}/__emulator/faults`, { method: "POST", body: JSON.stringify({ kind: "status500", route: "DELETE /users", count: 1 }) });
    const failed = await decide("admin", id, "approve");
    expect(failed.status).toBe(502);
    expect((await requests("kenji-watanabe")).pending.map((r) => r.id)).toEqual([id]);
    expect(await isDeactivated("kenji-watanabe")).toBe(false);
    const approved = await decide("admin", id, "approve");
    expect(approved.status).toBe(200);
    expect(await isDeactivated("kenji-watanabe")).toBe(true);
  });

  it("requires a policy when the team says so, before anything changes", async () => {
    await patchSettings({ requirePolicy: true });
    const response = await deactivate("admin", ["jonas-muller"]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/body\.policyId: this team requires a policy/);
    expect(await isDeactivated("jonas-muller")).toBe(false);
    const unknown = await deactivate("admin", ["jonas-muller"], { policyId: 999_999 });
    expect(unknown.status).toBe(400);
    await patchSettings({ requirePolicy: false });
  });

  it("takes a user off the list, audited; removing one who is not on it is a 404", async () => {
    const remove = async (uid: string) => h.call(await routes.protectedUser(), "DELETE", `/api/protected-users/${uid}`, { cookie: cookie.admin, headers: write, params: { uid } });
    expect((await remove("ana-souza")).status).toBe(200);
    expect((await remove("ana-souza")).status).toBe(404);
    const list = await h.call(await routes.protectedUsers(), "GET", "/api/protected-users", { cookie: cookie.admin });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("the queue's deactivate senders leaves a protected sender waiting and deactivates the others", async () => {
    await patchSettings({ protectedTags: ["vip", "staff"], protectedRoles: [] });
    await h.sync();
    const { flaggedMessage } = await import("@/lib/db/schema");
    const items = await h.db.select({ id: flaggedMessage.id, senderUid: flaggedMessage.senderUid, version: flaggedMessage.version }).from(flaggedMessage);
    const item = items.find((i) => i.senderUid.toLowerCase() !== "priya-raman" && !["mateo-rossi", "wei-zhang", "kenji-watanabe"].includes(i.senderUid.toLowerCase()));
    if (!item) throw new Error("the seed has no flagged item to act on");
    await h.call(await routes.protectedUsers(), "POST", "/api/protected-users", { cookie: cookie.admin, headers: write, body: { uid: item.senderUid } });
    const response = await h.call(await routes.senders(), "POST", "/api/review/deactivate-senders", {
      cookie: cookie.moderator,
      headers: write,
      body: { ids: [item.id], versions: { [item.id]: item.version }, note: "spam" },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { outcomes: Record<string, string[]> } };
    expect(data.outcomes["awaiting-approval"]).toEqual([item.senderUid.toLowerCase()]);
    const [request] = (await requests(item.senderUid)).pending;
    expect(request).toMatchObject({ messageId: item.id, note: "spam" });
    expect(request?.name).not.toBe("");
  });
});
