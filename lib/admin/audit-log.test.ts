import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { parseCsv } from "@/lib/testing/csv";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { EXPORT_CHUNK_ROWS } from "./audit-export";
import type { AuditFilter, AuditPage, AuditStats } from "./audit-filters";
import { auditStats, readAuditRows } from "./audit-log";

type Seed = { at: string; staffId: string; action?: string; uids?: string[]; message?: string; outcome?: "success" | "failure" | "pending"; detail?: Record<string, unknown> };

describe.each(databaseTargets())("audit log queries on $name", (target) => {
  let h: Harness;
  let admin: string;
  const routes = {
    list: () => import("@/app/api/audit/route"),
    exportCsv: () => import("@/app/api/audit/export/route"),
    stats: () => import("@/app/api/audit/stats/route"),
  };

  async function seed(rows: Seed[]): Promise<number[]> {
    const inserted = await h.db
      .insert(auditLog)
      .values(
        rows.map((r) => ({
          at: sql`${r.at}::timestamptz`,
          staffId: r.staffId,
          staffEmail: `${r.staffId}@test.example`,
          staffRole: "admin",
          action: r.action ?? "review.note",
          targetUids: r.uids ?? [],
          targetMessageId: r.message,
          outcome: r.outcome ?? "success",
          detail: r.detail ?? {},
        })),
      )
      .returning({ id: auditLog.id });
    return inserted.map((row) => row.id);
  }

  async function walk(filter: AuditFilter, limit: number): Promise<number[]> {
    const ids: number[] = [];
    let cursor: Awaited<ReturnType<typeof readAuditRows>>["next"];
    do {
      const page = await readAuditRows(h.db, filter, cursor, limit);
      expect(page.rows.length).toBeLessThanOrEqual(limit);
      ids.push(...page.rows.map((row) => row.id));
      cursor = page.next;
    } while (cursor);
    return ids;
  }

  beforeAll(async () => {
    h = await startHarness({ target });
    admin = await h.cookieFor("admin");
  }, 120_000);
  afterAll(async () => h?.close());

  it("pages newest first by (at, id) without skipping or repeating rows written within one millisecond", async () => {
    const [a, b, c, d, e, f, g] = await seed([
      { at: "2025-03-01T10:00:00.000001Z", staffId: "keyset" },
      { at: "2025-03-01T10:00:00.000500Z", staffId: "keyset" },
      { at: "2025-03-01T10:00:00.000900Z", staffId: "keyset" },
      { at: "2025-03-01T10:00:00.000900Z", staffId: "keyset" },
      { at: "2025-03-01T10:00:00.000900Z", staffId: "keyset" },
      { at: "2025-02-28T23:59:59.999999Z", staffId: "keyset" },
      { at: "2025-03-02T00:00:00.000000Z", staffId: "keyset" },
    ]);
    const newestFirst = [g, e, d, c, b, a, f];
    for (const limit of [1, 2, 3, 7, 50]) expect(await walk({ staff: "keyset" }, limit)).toEqual(newestFirst);
  });

  it("keeps its place when newer rows arrive between pages", async () => {
    const ids = await seed([1, 2, 3, 4].map((n) => ({ at: `2025-04-0${n}T12:00:00.000000Z`, staffId: "arrivals" })));
    const first = await readAuditRows(h.db, { staff: "arrivals" }, undefined, 2);
    expect(first.rows.map((r) => r.id)).toEqual([ids[3], ids[2]]);
    await seed([{ at: "2025-05-01T00:00:00.000000Z", staffId: "arrivals" }]);
    const second = await readAuditRows(h.db, { staff: "arrivals" }, first.next, 2);
    expect(second.rows.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    expect(second.next).toBeUndefined();
  });

  it("filters by staff, action, target UID, message id, outcome and whole UTC days", async () => {
    const [pin, deactivate, friends, failed, early, late] = await seed([
      { at: "2025-06-10T08:00:00.000000Z", staffId: "filters", action: "message.pin", message: "m-1", uids: ["ana"] },
      { at: "2025-06-10T09:00:00.000000Z", staffId: "filters", action: "users.deactivate", uids: ["ana", "bob"] },
      { at: "2025-06-11T09:00:00.000000Z", staffId: "filters", action: "user.friends.add", uids: ["bob", "cleo"] },
      { at: "2025-06-11T10:00:00.000000Z", staffId: "filters", action: "message.pin", message: "m-2", outcome: "failure" },
      { at: "2025-06-09T23:59:59.999999Z", staffId: "filters", action: "review.note" },
      { at: "2025-06-12T00:00:00.000000Z", staffId: "filters", action: "review.note" },
    ]);
    const ids = (filter: AuditFilter) => walk({ staff: "filters", ...filter }, 50);
    expect(await ids({})).toEqual([late, failed, friends, deactivate, pin, early]);
    expect(await ids({ action: "message.pin" })).toEqual([failed, pin]);
    expect(await ids({ uid: "bob" })).toEqual([friends, deactivate]);
    expect(await ids({ uid: "ana", action: "message.pin" })).toEqual([pin]);
    expect(await ids({ message: "m-2" })).toEqual([failed]);
    expect(await ids({ outcome: "failure" })).toEqual([failed]);
    expect(await ids({ from: "2025-06-10", to: "2025-06-11" })).toEqual([failed, friends, deactivate, pin]);
    expect(await ids({ to: "2025-06-09" })).toEqual([early]);
    expect(await walk({ staff: "nobody" }, 50)).toEqual([]);
  });

  it("answers the list over HTTP with an opaque cursor, and refuses a forged cursor or a reversed range", async () => {
    await seed([1, 2, 3].map((n) => ({ at: `2025-07-0${n}T00:00:00.000000Z`, staffId: "http" })));
    const list = await routes.list();
    const first = await h.call(list, "GET", "/api/audit", { cookie: admin, query: { staff: "http", limit: "2" } });
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as AuditPage;
    expect(page1.data.map((r) => r.at)).toEqual(["2025-07-03T00:00:00.000Z", "2025-07-02T00:00:00.000Z"]);
    expect(page1.meta.nextCursor).toEqual(expect.any(String));
    const second = await h.call(list, "GET", "/api/audit", { cookie: admin, query: { staff: "http", limit: "2", cursor: page1.meta.nextCursor ?? "" } });
    const page2 = (await second.json()) as AuditPage;
    expect(page2.data.map((r) => r.at)).toEqual(["2025-07-01T00:00:00.000Z"]);
    expect(page2.meta.nextCursor).toBeNull();

    const forged = await h.call(list, "GET", "/api/audit", { cookie: admin, query: { cursor: Buffer.from('["yesterday",1]').toString("base64url") } });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: "ERR_BAD_REQUEST", message: expect.stringContaining("query.cursor") } });
    const reversed = await h.call(list, "GET", "/api/audit", { cookie: admin, query: { from: "2025-07-03", to: "2025-07-01" } });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toMatchObject({ error: { message: expect.stringContaining("query.to") } });
    const unknownAction = await h.call(list, "GET", "/api/audit", { cookie: admin, query: { action: "drop.tables" } });
    expect(unknownAction.status).toBe(400);
  });

  it("counts actions per UTC day over the range, with empty days present", async () => {
    await seed([
      { at: "2025-08-01T00:00:00.000000Z", staffId: "stats", action: "message.pin" },
      { at: "2025-08-01T23:59:59.999999Z", staffId: "stats", action: "message.pin" },
      { at: "2025-08-01T12:00:00.000000Z", staffId: "stats", action: "review.note" },
      { at: "2025-08-03T12:00:00.000000Z", staffId: "stats", action: "auth.sign_in" },
    ]);
    const stats = await auditStats(h.db, { staff: "stats", from: "2025-08-01", to: "2025-08-03" });
    expect(stats.data.days).toEqual([
      { day: "2025-08-01", counts: { "message.pin": 2, "review.note": 1 } },
      { day: "2025-08-02", counts: {} },
      { day: "2025-08-03", counts: { "auth.sign_in": 1 } },
    ]);
    const byDefault = await auditStats(h.db, { staff: "stats" }, new Date("2025-08-03T18:00:00Z"));
    expect(byDefault.data.days).toHaveLength(14);
    expect(byDefault.data.to).toBe("2025-08-03");
    const response = await h.call(await routes.stats(), "GET", "/api/audit/stats", { cookie: admin, query: { staff: "stats", from: "2025-08-01", to: "2025-08-01" } });
    expect(((await response.json()) as AuditStats).data.days).toEqual([{ day: "2025-08-01", counts: { "message.pin": 2, "review.note": 1 } }]);
  });

  it("streams a large export in chunks, newest first, matching the rows cell for cell, and records the export", async () => {
    const tricky = ["=SUM(A1:A2)", "+1", "-2", "@cmd", 'say "hi", then\r\nleave', "plain"];
    const count = EXPORT_CHUNK_ROWS * 2 + 205;
    await seed(
      Array.from({ length: count }, (_, i) => ({
        at: new Date(Date.UTC(2025, 8, 1) + i * 1000).toISOString(),
        staffId: "export",
        action: "user.friends.add",
        uids: [tricky[i % tricky.length] ?? "", "bob"],
        detail: { remark: tricky[(i + 1) % tricky.length] },
      })),
    );
    const response = await h.call(await routes.exportCsv(), "GET", "/api/audit/export", { cookie: admin, query: { staff: "export" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-.*\.csv"$/);

    const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks++;
      text += decoder.decode(part.value, { stream: true });
    }
    // The header, then one chunk per EXPORT_CHUNK_ROWS rows: the export never held every row at once.
    expect(chunks).toBe(1 + Math.ceil(count / EXPORT_CHUNK_ROWS));

    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(["id", "at", "staff_email", "staff_role", "action", "outcome", "target_uids", "target_message_id", "error_code", "error_status", "request_id", "policy_id", "policy", "detail"]);
    const rows = (await readAuditRows(h.db, { staff: "export" }, undefined, count + 1)).rows;
    expect(lines).toHaveLength(count);
    lines.forEach((line, i) => {
      const row = rows[i];
      const guard = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);
      expect(line).toEqual([
        String(row?.id),
        row?.at,
        "export@test.example",
        "admin",
        "user.friends.add",
        "success",
        guard(row?.targetUids.join(" ") ?? ""),
        "",
        "",
        "",
        "",
        "",
        "",
        JSON.stringify(row?.detail),
      ]);
    });

    const [recorded] = await h.db.select().from(auditLog).where(eq(auditLog.action, "audit.export"));
    expect(recorded).toMatchObject({ staffEmail: "admin@test.example", outcome: "success", detail: { filter: { staff: "export" } } });
  });
});
