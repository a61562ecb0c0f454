import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, policy, reasonPolicy } from "@/lib/db/schema";
import type { KnownReason } from "@/lib/policies/model/policy-admin-schemas";
import type { PoliciesResponse, Policy } from "@/lib/policies/model/policy-schemas";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

let h: Harness;
let admin: string;
let moderator: string;
const routes = {
  list: () => import("@/app/api/policies/route"),
  one: () => import("@/app/api/policies/[id]/route"),
  reasons: () => import("@/app/api/policies/reason-map/route"),
};
const write = { origin: APP_URL };
type Answer<T> = { data: T; error?: { code: string; message: string } };

async function create(body: unknown, cookie = admin) {
  const response = await h.call(await routes.list(), "POST", "/api/policies", { cookie, body, headers: write });
  return { status: response.status, json: (await response.json()) as Answer<Policy> };
}
async function patch(id: number, body: unknown) {
  const response = await h.call(await routes.one(), "PATCH", `/api/policies/${id}`, { cookie: admin, params: { id: String(id) }, body, headers: write });
  return { status: response.status, json: (await response.json()) as Answer<Policy> };
}
async function putMap(map: Record<string, number>) {
  const response = await h.call(await routes.reasons(), "PUT", "/api/policies/reason-map", { cookie: admin, body: { map }, headers: write });
  return { status: response.status, json: (await response.json()) as Answer<KnownReason[]> };
}
const policies = async () => ((await (await h.call(await routes.list(), "GET", "/api/policies", { cookie: moderator })).json()) as PoliciesResponse);

describe("the admins' policies", () => {
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.cookieFor("admin");
    moderator = await h.cookieFor("moderator");
  });
  afterAll(() => h.close());

  it("adds a policy, audited, and refuses a taken name (whatever its case), a severity or weight out of range, changing nothing", async () => {
    const added = await create({ name: "Impersonation", description: "Pretending to be someone else.", severity: 3, strikeWeight: 2, ground: "legal" });
    expect(added.status).toBe(201);
    expect(added.json.data).toEqual({
      id: expect.any(Number),
      name: "Impersonation",
      description: "Pretending to be someone else.",
      severity: 3,
      strikeWeight: 2,
      ground: "legal",
      // Until an admin says otherwise, a policy's decisions are "other violation of terms" in a transparency export.
      dsaCategory: "STATEMENT_CATEGORY_OTHER_VIOLATION_TC",
      archived: false,
    });
    expect((await policies()).data.map((p) => p.name)).toContain("Impersonation");
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "policy.create"), eq(auditLog.outcome, "success")));
    expect(row?.detail).toMatchObject({ policyId: added.json.data.id, policy: { name: "Impersonation" } });

    const count = (await h.db.select().from(policy)).length;
    expect((await create({ name: "  spam ", severity: 2, strikeWeight: 1, ground: "legal" })).json.error).toEqual({ code: "ERR_BAD_REQUEST", message: 'body.name: a policy named "Spam" exists already' });
    expect((await create({ name: "Too severe", severity: 6, strikeWeight: 1, ground: "legal" })).json.error?.message).toMatch(/body\.severity: the severity is at most 5/);
    expect((await create({ name: "Too heavy", severity: 2, strikeWeight: 11, ground: "legal" })).json.error?.message).toMatch(/body\.strikeWeight: the strike weight is at most 10/);
    expect((await create({ name: "Bad ground", severity: 2, strikeWeight: 1, ground: "moral" })).status).toBe(400);
    expect((await create({ name: "Bad category", severity: 2, strikeWeight: 1, ground: "legal", dsaCategory: "STATEMENT_CATEGORY_RUDENESS" })).json.error?.message).toMatch(/body\.dsaCategory/);
    expect((await create({ name: "Line\nbreak", severity: 2, strikeWeight: 1, ground: "legal" })).json.error?.message).toMatch(/body\.name/);
    expect((await create({ name: "By a moderator", severity: 2, strikeWeight: 1, ground: "legal" }, moderator)).status).toBe(403);
    expect((await h.db.select().from(policy)).length).toBe(count);
  });

  it("edits, archives and restores a policy (never deletes it), audited with the values before", async () => {
    const [other] = await h.db.select().from(policy).where(eq(policy.name, "Other"));
    if (!other) throw new Error("no Other policy");
    const edited = await patch(other.id, { description: "Anything else.", strikeWeight: 0, dsaCategory: "STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE" });
    expect(edited.json.data).toMatchObject({ name: "Other", description: "Anything else.", strikeWeight: 0, dsaCategory: "STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE", archived: false });
    expect((await patch(other.id, { name: "HATE" })).json.error?.message).toBe('body.name: a policy named "Hate" exists already');
    expect((await patch(other.id, {})).status).toBe(400);
    expect((await patch(99_999, { archived: true })).status).toBe(404);
    const archived = await patch(other.id, { archived: true });
    expect(archived.json.data.archived).toBe(true);
    // Archived last in the list every picker reads, which offers only the active ones.
    expect((await policies()).data.at(-1)).toMatchObject({ id: other.id, archived: true });
    expect((await patch(other.id, { archived: false })).json.data.archived).toBe(false);
    const rows = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "policy.update"), eq(auditLog.outcome, "success")));
    expect(rows.map((r) => r.detail)).toContainEqual(expect.objectContaining({ policyId: other.id, before: expect.objectContaining({ description: other.description, strikeWeight: other.strikeWeight }), patch: { description: "Anything else.", strikeWeight: 0, dsaCategory: "STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE" } }));
  });

  it("replaces the reason map, knowing the reasons flagged with and those mapped, refusing an unknown or archived policy", async () => {
    await h.sync();
    const [spam] = await h.db.select().from(policy).where(eq(policy.name, "Spam"));
    const [scam] = await h.db.select().from(policy).where(eq(policy.name, "Scam"));
    if (!spam || !scam) throw new Error("no default policies");
    const known = ((await (await h.call(await routes.reasons(), "GET", "/api/policies/reason-map", { cookie: admin })).json()) as Answer<KnownReason[]>).data;
    expect(known.find((r) => r.id === "spam")).toMatchObject({ policyId: spam.id });
    expect(known.map((r) => r.id)).toEqual(expect.arrayContaining(["spam", "harassment", "other"]));

    const set = await putMap({ spam: scam.id, "made-up-reason": spam.id });
    expect(set.status).toBe(200);
    expect(set.json.data.find((r) => r.id === "spam")).toMatchObject({ policyId: scam.id });
    expect(set.json.data.find((r) => r.id === "made-up-reason")).toEqual({ id: "made-up-reason", name: "made-up-reason", policyId: spam.id });
    // Reasons left out are unmapped, but still known while flags name them.
    expect(set.json.data.find((r) => r.id === "harassment")).toMatchObject({ policyId: null });
    expect((await policies()).reasonMap).toEqual({ spam: scam.id, "made-up-reason": spam.id });

    expect((await putMap({ spam: 99_999 })).json.error).toEqual({ code: "ERR_BAD_REQUEST", message: "body.map.spam: no active policy has id 99999" });
    await h.db.update(policy).set({ archived: true }).where(eq(policy.id, scam.id));
    expect((await putMap({ spam: scam.id })).status).toBe(400);
    await h.db.update(policy).set({ archived: false }).where(eq(policy.id, scam.id));
    expect(await h.db.select().from(reasonPolicy)).toHaveLength(2);
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "policy.reason_map.set"), eq(auditLog.outcome, "success")));
    expect(row?.detail).toMatchObject({ after: { spam: scam.id }, before: { spam: spam.id } });
  });
});
