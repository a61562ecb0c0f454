import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, flaggedMessage, policy, reviewOutbox } from "@/lib/db/schema";
import { syncFlaggedMessages } from "@/lib/review/server/sync";
import { parseCsv } from "@/lib/testing/csv";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { listedMessage } from "@/lib/testing/listed-message";
import { databaseTargets } from "@/lib/testing/test-databases";
import { STATEMENT_COLUMNS, statementOfReasonsSchema } from "@/lib/transparency/model/statement-of-reasons";
import { rangeBounds } from "@/lib/transparency/model/transparency-range";
import { restrictionPages } from "./restrictions";

/**
 * March 2026 of a small team, fixed: two upheld messages hidden by the chat service (one named a
 * policy, one older than the outbox and labelled by its flag's reason), one still inside its undo
 * time, one the service refused to hide, one dismissed, one decided in April, one open; two users
 * deactivated in one go, a failed deactivation, and one in February. Every figure below is worked
 * out by hand from this.
 */

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const MARCH = { from: "2026-03-01", to: "2026-03-31" };
let h: Harness;
let admin: string;
let deactivationId = 0;

async function decide(id: string, state: "resolved" | "dismissed", decidedAt: string, policyName?: string) {
  const [named] = policyName ? await h.db.select().from(policy).where(eq(policy.name, policyName)) : [];
  await h.db
    .update(flaggedMessage)
    .set({ state, decidedAt: new Date(decidedAt), policyId: named?.id ?? null })
    .where(eq(flaggedMessage.id, id));
}

const exportRoute = () => import("@/app/api/transparency/export/route");
const summaryRoute = () => import("@/app/api/transparency/summary/route");
const get = async (route: Promise<Parameters<Harness["call"]>[0]>, path: string, query: Record<string, string>, cookie = admin) =>
  h.call(await route, "GET", path, { cookie, query, headers: { origin: APP_URL } });

describe.each(databaseTargets())("transparency export and report on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    admin = await h.cookieFor("admin");
    await syncFlaggedMessages(
      h.db,
      [
        listedMessage("m-sent", { flags: [{ by: "ana", reason: "harassment", at: at("2026-03-01T10:00:00Z") }, { by: "ben", reason: "spam", at: at("2026-03-01T11:00:00Z") }] }),
        listedMessage("m-legacy", { type: "image", flags: [{ by: "cy", reason: "hate_speech", at: at("2026-03-03T10:00:00Z") }] }),
        listedMessage("m-pending", { flags: [{ by: "ana", reason: "spam", at: at("2026-03-03T20:00:00Z") }] }),
        listedMessage("m-refused", { flags: [{ by: "ana", reason: "spam", at: at("2026-03-05T00:00:00Z") }] }),
        listedMessage("m-dismissed", { flags: [{ by: "ben", reason: "other", at: at("2026-03-05T23:00:00Z") }] }),
        listedMessage("m-april", { flags: [{ by: "cy", reason: "violence", at: at("2026-03-31T23:00:00Z") }] }),
        listedMessage("m-open", { flags: [{ by: "dee", reason: "spam", at: at("2026-02-28T12:00:00Z") }, { by: "eli", reason: "spam", at: at("2026-03-10T12:00:00Z") }] }),
      ],
      new Date("2026-04-02T00:00:00Z"),
    );
    await decide("m-sent", "resolved", "2026-03-02T09:00:00Z", "Harassment");
    await decide("m-legacy", "resolved", "2026-03-03T12:00:00Z");
    await decide("m-pending", "resolved", "2026-03-04T00:00:00Z", "Spam");
    await decide("m-refused", "resolved", "2026-03-05T06:00:00Z", "Spam");
    await decide("m-dismissed", "dismissed", "2026-03-06T00:00:00Z");
    await decide("m-april", "resolved", "2026-04-01T00:00:00Z", "Violence");
    const outbox = (messageId: string, state: "sent" | "pending" | "refused", sentAt?: string) => ({
      messageId,
      status: "disapproved" as const,
      state,
      dueAt: new Date("2026-03-01T00:00:00Z"),
      sentAt: sentAt ? new Date(sentAt) : null,
    });
    await h.db.insert(reviewOutbox).values([outbox("m-sent", "sent", "2026-03-02T09:00:12Z"), outbox("m-pending", "pending"), outbox("m-refused", "refused")]);
    const [harassment] = await h.db.select().from(policy).where(eq(policy.name, "Harassment"));
    const deactivation = (when: string, outcome: "success" | "failure", uids: string[]) => ({
      action: "users.deactivate",
      outcome,
      at: new Date(when),
      targetUids: uids,
      detail: { asked: uids, policy: { id: harassment?.id, name: "Harassment" }, deactivatedUids: outcome === "success" ? uids : [] },
    });
    const [row] = await h.db
      .insert(auditLog)
      .values([deactivation("2026-03-07T08:00:00Z", "success", ["mallory", "eve"]), deactivation("2026-03-08T08:00:00Z", "failure", ["trent"]), deactivation("2026-02-20T08:00:00Z", "success", ["oscar"])])
      .returning({ id: auditLog.id });
    deactivationId = row?.id ?? 0;
  });
  afterAll(() => h.close());

  it("exports, as JSON Lines, one valid statement per restriction the range holds, and nothing else", async () => {
    const response = await get(exportRoute(), "/api/transparency/export", { ...MARCH, format: "jsonl" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statements-of-reasons-2026-03-01-to-2026-03-31.jsonl"');
    const lines = (await response.text()).split("\n").filter(Boolean);
    const statements = lines.map((line) => statementOfReasonsSchema.parse(JSON.parse(line)));
    expect(statements.map((s) => s.puid)).toEqual(["message_m-sent", "message_m-legacy", `account_${deactivationId}_mallory`, `account_${deactivationId}_eve`]);
    expect(statements[0]).toMatchObject({ category: "STATEMENT_CATEGORY_CYBER_VIOLENCE", decision_ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT", application_date: "2026-03-02" });
    // No policy was named: the flag's reason maps to Hate, a legal ground.
    expect(statements[1]).toMatchObject({ category: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH", decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT", content_type: ["CONTENT_TYPE_IMAGE"] });
    expect(statements[2]).toMatchObject({ decision_account: "DECISION_ACCOUNT_SUSPENDED", application_date: "2026-03-07", category: "STATEMENT_CATEGORY_CYBER_VIOLENCE" });
  });

  it("exports the same statements as CSV, one column per field, and records each export in the audit log", async () => {
    const response = await get(exportRoute(), "/api/transparency/export", { ...MARCH, format: "csv" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([...STATEMENT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(["message_m-sent", "message_m-legacy", `account_${deactivationId}_mallory`, `account_${deactivationId}_eve`]);
    const column = (name: string) => STATEMENT_COLUMNS.indexOf(name as (typeof STATEMENT_COLUMNS)[number]);
    expect(rows[0]?.[column("decision_visibility")]).toBe("DECISION_VISIBILITY_CONTENT_DISABLED");
    expect(rows[0]?.[column("automated_decision")]).toBe("AUTOMATED_DECISION_NOT_AUTOMATED");
    const exports = await h.db.select().from(auditLog).where(eq(auditLog.action, "transparency.export"));
    expect(exports.map((e) => [e.outcome, (e.detail.query as { format: string }).format]).sort()).toEqual([
      ["success", "csv"],
      ["success", "jsonl"],
    ]);
  });

  it("reads the same restrictions a page at a time as at once", async () => {
    const { start, end } = rangeBounds(MARCH);
    const collect = async (limit: number) => {
      const all = [];
      for await (const page of restrictionPages(h.db, start, end, limit)) all.push(...page);
      return all;
    };
    const whole = await collect(500);
    expect(whole).toHaveLength(4);
    expect(await collect(1)).toEqual(whole);
  });

  it("reports the range's figures: notices, decisions, restrictions by ground and category, the median time to decision", async () => {
    const response = await get(summaryRoute(), "/api/transparency/summary", MARCH);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      // Every March flag: m-open's February one is not.
      noticesReceived: 8,
      decisions: { upheld: 4, dismissed: 1 },
      restrictions: {
        content: 2,
        accounts: 2,
        byGround: [
          { ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT", count: 3 },
          { ground: "DECISION_GROUND_ILLEGAL_CONTENT", count: 1 },
        ],
        byCategory: [
          { category: "STATEMENT_CATEGORY_CYBER_VIOLENCE", count: 3 },
          { category: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH", count: 1 },
        ],
      },
      // 23, 2, 4, 6 and 1 hours from first flag to decision.
      medianHoursToDecision: 4,
      automatedPercent: 0,
    });
  });

  it("reports an empty range as zeros, with no median", async () => {
    const response = await get(summaryRoute(), "/api/transparency/summary", { from: "2025-01-01", to: "2025-01-31" });
    expect(await response.json()).toMatchObject({ noticesReceived: 0, decisions: { upheld: 0, dismissed: 0 }, restrictions: { content: 0, accounts: 0, byGround: [], byCategory: [] }, medianHoursToDecision: null });
  });

  it("refuses a range backwards, over a year, or of days not in the calendar, and exports nothing then", async () => {
    const before = await h.db.select().from(auditLog).where(eq(auditLog.action, "transparency.export"));
    for (const query of [
      { from: "2026-03-31", to: "2026-03-01" },
      { from: "2025-01-01", to: "2026-01-02" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "2026-03-01", to: "March" },
    ]) {
      expect((await get(summaryRoute(), "/api/transparency/summary", query)).status, JSON.stringify(query)).toBe(400);
      expect((await get(exportRoute(), "/api/transparency/export", { ...query, format: "csv" })).status, JSON.stringify(query)).toBe(400);
    }
    expect((await get(exportRoute(), "/api/transparency/export", { ...MARCH, format: "xml" })).status).toBe(400);
    expect(await h.db.select().from(auditLog).where(inArray(auditLog.action, ["transparency.export"]))).toHaveLength(before.length);
  });
});
