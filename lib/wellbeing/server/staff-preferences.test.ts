import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffPreference } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { MyPreferences } from "@/lib/wellbeing/model/preference-schemas";

let h: Harness;
let moderator: string;
let admin: string;
const preferencesRoute = () => import("@/app/api/me/preferences/route");
const settingsRoute = () => import("@/app/api/settings/route");
const write = { origin: APP_URL };

const TEAM = { mediaBlur: 24, mediaGreyscale: true, mediaAutoplay: false, breakReminderMinutes: 90 };
const NONE = { mediaBlur: null, mediaGreyscale: null, mediaAutoplay: null, breakReminderMinutes: null };

async function read(cookie: string): Promise<MyPreferences> {
  const response = await h.call(await preferencesRoute(), "GET", "/api/me/preferences", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: MyPreferences }).data;
}

const patch = async (cookie: string, body: unknown, query?: Record<string, string>) =>
  h.call(await preferencesRoute(), "PATCH", "/api/me/preferences", { cookie, body, query, headers: write });

const rows = () => h.db.select().from(staffPreference).orderBy(staffPreference.staffId);

describe.each(databaseTargets())("a staff member's own preferences on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
  });
  afterAll(() => h.close());

  it("follow the team's defaults until the staff member chooses, then their choice, audited", async () => {
    expect(await read(moderator)).toEqual({ effective: TEAM, team: TEAM, own: NONE });

    const response = await patch(moderator, { mediaBlur: 8, breakReminderMinutes: 0 });
    expect(response.status).toBe(200);
    const expected = { effective: { ...TEAM, mediaBlur: 8, breakReminderMinutes: 0 }, team: TEAM, own: { ...NONE, mediaBlur: 8, breakReminderMinutes: 0 } };
    expect(((await response.json()) as { data: MyPreferences }).data).toEqual(expected);
    expect(await read(moderator)).toEqual(expected);
    // The admin's own are untouched.
    expect(await read(admin)).toEqual({ effective: TEAM, team: TEAM, own: NONE });

    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "account.preferences.update"), eq(auditLog.outcome, "success")));
    expect(row).toMatchObject({ staffId: h.staffIds.moderator, detail: { values: { mediaBlur: 8, breakReminderMinutes: 0 } } });
  });

  it("returns a field to the team's default with null, and follows a later change of that default", async () => {
    expect((await patch(moderator, { mediaBlur: null, mediaGreyscale: false })).status).toBe(200);
    const settings = await h.call(await settingsRoute(), "PATCH", "/api/settings", { cookie: admin, body: { mediaShield: { blur: 12, greyscale: true, autoplay: true } }, headers: write });
    expect(settings.status).toBe(200);
    const team = { ...TEAM, mediaBlur: 12, mediaAutoplay: true };
    expect(await read(moderator)).toEqual({
      effective: { ...team, mediaGreyscale: false, breakReminderMinutes: 0 },
      team,
      own: { ...NONE, mediaGreyscale: false, breakReminderMinutes: 0 },
    });
    expect((await read(admin)).effective).toEqual(team);
  });

  it("refuses a hostile body with a 400 naming the field, changing nothing", async () => {
    const before = await rows();
    for (const [body, field] of [
      [{ mediaBlur: 41 }, "mediaBlur"],
      [{ mediaBlur: -1 }, "mediaBlur"],
      [{ mediaBlur: 2.5 }, "mediaBlur"],
      [{ mediaBlur: "8" }, "mediaBlur"],
      [{ mediaGreyscale: "false" }, "mediaGreyscale"],
      [{ mediaAutoplay: 1 }, "mediaAutoplay"],
      [{ breakReminderMinutes: 481 }, "breakReminderMinutes"],
      [{ breakReminderMinutes: 1e308 }, "breakReminderMinutes"],
      [{ mediaBlur: 8, staffId: h.staffIds.admin }, "staffId"],
      [{}, "nothing to change"],
      [[{ mediaBlur: 8 }], "body"],
      [null, "body"],
    ] as const) {
      const response = await patch(moderator, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it("gives a moderator no way to change someone else's: no id in the path, the body or the query", async () => {
    const before = await read(admin);
    expect((await patch(moderator, { mediaBlur: 0, staffId: h.staffIds.admin })).status).toBe(400);
    expect((await patch(moderator, { mediaBlur: 0 }, { staffId: h.staffIds.admin })).status).toBe(400);
    expect(await read(admin)).toEqual(before);
    expect((await rows()).map((r) => r.staffId)).toEqual([h.staffIds.moderator]);
  });

  it("refuses the signed-out and a write from another site, changing nothing", async () => {
    const before = await rows();
    expect((await h.call(await preferencesRoute(), "GET", "/api/me/preferences")).status).toBe(401);
    expect((await h.call(await preferencesRoute(), "PATCH", "/api/me/preferences", { body: { mediaBlur: 0 }, headers: write })).status).toBe(401);
    expect((await h.call(await preferencesRoute(), "PATCH", "/api/me/preferences", { cookie: moderator, body: { mediaBlur: 0 }, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
