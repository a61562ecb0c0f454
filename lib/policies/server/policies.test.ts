import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policy, teamSetting } from "@/lib/db/schema";
import type { PoliciesResponse } from "@/lib/policies/model/policy-schemas";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { policyForDecision } from "./policies";

let h: Harness;
const policiesRoute = () => import("@/app/api/policies/route");

describe("policies", () => {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("ship with the default set, each flag reason of the emulator mapped to one", async () => {
    const response = await h.call(await policiesRoute(), "GET", "/api/policies", { cookie: await h.cookieFor("moderator") });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PoliciesResponse;
    expect(body.data.map((p) => p.name)).toEqual(["Harassment", "Hate", "Other", "Scam", "Self-harm", "Sexual content", "Spam", "Violence"]);
    const byId = new Map(body.data.map((p) => [p.id, p.name]));
    expect(Object.fromEntries(Object.entries(body.reasonMap).map(([reason, id]) => [reason, byId.get(id)]))).toEqual({
      spam: "Spam",
      harassment: "Harassment",
      hate_speech: "Hate",
      sexual_content: "Sexual content",
      violence: "Violence",
      other: "Other",
    });
  });

  it("check the policy a decision names: required by setting, known, not archived", async () => {
    const [spam] = await h.db.select().from(policy).where(eq(policy.name, "Spam"));
    if (!spam) throw new Error("the default set has no Spam policy");
    const required = { requirePolicy: true };
    expect(await policyForDecision(h.db, DEFAULT_TEAM_SETTINGS, undefined)).toBeNull();
    await expect(policyForDecision(h.db, required, undefined)).rejects.toThrow(/requires a policy/);
    await expect(policyForDecision(h.db, required, 99_999)).rejects.toThrow(/no policy has id 99999/);
    expect(await policyForDecision(h.db, required, spam.id)).toMatchObject({ name: "Spam", strikeWeight: 1 });
    await h.db.update(policy).set({ archived: true }).where(eq(policy.id, spam.id));
    await expect(policyForDecision(h.db, required, spam.id)).rejects.toThrow(/archived/);
    await h.db.update(policy).set({ archived: false }).where(eq(policy.id, spam.id));
    expect(await h.db.select().from(teamSetting)).toEqual([]);
  });
});
