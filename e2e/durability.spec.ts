import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "./support/fixtures";
import pg from "pg";
import { createScratchDatabase } from "../lib/testing/test-databases";
import type { QueueResponse } from "../lib/review/model/review-schemas";
import { startDashboard } from "./support/dashboard-process";
import { resetEmulator } from "./support/emulator";
import { extraPort, startStaffedDashboard } from "./support/staffed-dashboard";

/**
 * Nothing acknowledged is lost: a stream of actions (claim, resolve, pin) runs against a dashboard
 * that is killed with SIGKILL in the middle of it, then restarted on the same database. Every
 * action that got a 2xx must have its audit row (by request id, outcome success) and its review
 * state. On PGlite always, and on PostgreSQL when DATABASE_URL is set (a fresh database per run).
 */
const PORT = extraPort(3);
const ACTIONS = 45;
const IN_FLIGHT = 4;
const KILL_AFTER_ACKS = 15;

type Kind = "claim" | "resolve" | "pin";
type Sent = { kind: Kind; id: string; status: number | "no answer"; requestId: string | null };
const auditAction: Record<Kind, string> = { claim: "review.claim", resolve: "review.resolve", pin: "message.pin" };

type AuditRow = { request_id: string | null; action: string; outcome: string };

async function auditRows(target: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string }): Promise<AuditRow[]> {
  const query = "select request_id, action, outcome from audit_log";
  if (target.kind === "postgres") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return (await client.query<AuditRow>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(target.dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return (await db.query<AuditRow>(query)).rows;
  } finally {
    await db.close();
  }
}

const serverUrl = process.env.DATABASE_URL ?? "";
const TARGETS = serverUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);

for (const target of TARGETS) {
  test(`${target}: every action answered with a 2xx before a SIGKILL has its audit row and review state after the restart`, async () => {
    test.setTimeout(180_000);
    await resetEmulator();
    const scratch = target === "postgres" ? await createScratchDatabase(serverUrl) : undefined;
    const dashboard = await startStaffedDashboard(PORT, `durability-${target}`, scratch ? { DATABASE_URL: scratch.url } : {});
    let restarted: Awaited<ReturnType<typeof startDashboard>> | undefined;
    try {
      const { cookie } = await dashboard.signIn();
      const headers = { cookie, origin: dashboard.url, "content-type": "application/json" };
      const queue = (await (await fetch(`${dashboard.url}/api/review/queue?state=all&limit=500`, { headers })).json()) as QueueResponse;
      const open = queue.data.filter((item) => item.state === "open").slice(0, ACTIONS);
      const ids = open.map((item) => item.id);
      const versions = new Map(open.map((item) => [item.id, item.version]));
      expect(ids.length).toBe(ACTIONS);
      const plan = ids.map((id, i): { kind: Kind; id: string } => ({ id, kind: (["claim", "resolve", "pin"] as const)[i % 3] ?? "claim" }));

      const sent: Sent[] = [];
      let acknowledged = 0;
      let next = 0;
      const send = async ({ kind, id }: { kind: Kind; id: string }): Promise<Sent> => {
        const url = kind === "pin" ? `${dashboard.url}/api/messages/${id}/pin` : `${dashboard.url}/api/review/items/${id}`;
        const body = JSON.stringify(kind === "pin" ? { version: versions.get(id) } : { action: kind, version: versions.get(id) });
        try {
          const response = await fetch(url, { method: "POST", headers, body });
          return { kind, id, status: response.status, requestId: response.headers.get("x-request-id") };
        } catch {
          return { kind, id, status: "no answer", requestId: null };
        }
      };
      // A few requests in flight at all times; the kill lands while some are being answered.
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let step = plan[next++]; step; step = plan[next++]) {
            const result = await send(step);
            sent.push(result);
            if (typeof result.status === "number" && result.status < 300 && ++acknowledged === KILL_AFTER_ACKS) dashboard.kill("SIGKILL");
          }
        }),
      );
      // Resolves once the killed process has exited.
      await dashboard.stop();

      const ok = sent.filter((s) => typeof s.status === "number" && s.status >= 200 && s.status < 300);
      const unanswered = sent.filter((s) => s.status === "no answer");
      expect(ok.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(unanswered.length).toBeGreaterThan(0);
      expect(sent.filter((s) => typeof s.status === "number" && s.status >= 300)).toEqual([]);

      restarted = await startDashboard(PORT, dashboard.env);
      const after = (await (await fetch(`${restarted.url}/api/review/queue?state=all&limit=500`, { headers })).json()) as QueueResponse;
      const byId = new Map(after.data.map((item) => [item.id, item]));
      for (const { kind, id } of ok) {
        const item = byId.get(id);
        if (kind === "claim") expect(item, `claimed ${id}`).toMatchObject({ state: "open", assignee: { name: expect.any(String) } });
        if (kind === "resolve") expect(item, `resolved ${id}`).toMatchObject({ state: "resolved" });
        if (kind === "pin") expect(item, `pinned ${id}`).toMatchObject({ pinnedBy: "app_system", actionTaken: "pinned" });
      }
      await restarted.stop();
      restarted = undefined;

      const rows = await auditRows(scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: dashboard.dataDir });
      const byRequest = new Map(rows.map((row) => [row.request_id, row]));
      for (const { kind, id, requestId } of ok) {
        expect(byRequest.get(requestId), `audit row of ${kind} ${id}`).toMatchObject({ action: auditAction[kind], outcome: "success" });
      }
    } finally {
      await restarted?.stop();
      await dashboard.stop();
      await scratch?.drop();
    }
  });
}
