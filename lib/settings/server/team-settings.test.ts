import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, teamSetting } from "@/lib/db/schema";
import { DEFAULT_TEAM_SETTINGS, type TeamSettings } from "@/lib/settings/model/team-settings";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

let h: Harness;
let moderator: string;
let admin: string;
const settingsRoute = () => import("@/app/api/settings/route");
const write = { origin: APP_URL };

async function read(cookie: string): Promise<TeamSettings> {
  const response = await h.call(await settingsRoute(), "GET", "/api/settings", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TeamSettings }).data;
}

const patch = async (body: unknown, cookie = admin) => h.call(await settingsRoute(), "PATCH", "/api/settings", { cookie, body, headers: write });

describe("team settings", () => {
  beforeAll(async () => {
    h = await startHarness();
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
  });
  afterAll(() => h.close());

  it("answers the defaults until an admin changes a key, then that key only, audited", async () => {
    expect(await read(moderator)).toEqual(DEFAULT_TEAM_SETTINGS);
    const response = await patch({ requirePolicy: true, protectedTags: ["vip", " vip ", "moderator"] });
    expect(response.status).toBe(200);
    const expected = { ...DEFAULT_TEAM_SETTINGS, requirePolicy: true, protectedTags: ["vip", "moderator"] };
    expect(((await response.json()) as { data: TeamSettings }).data).toEqual(expected);
    expect(await read(moderator)).toEqual(expected);
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "settings.update"), eq(auditLog.outcome, "success")));
    expect(row).toMatchObject({ staffId: h.staffIds.admin, detail: { keys: ["requirePolicy", "protectedTags"] } });
  });

  it("refuses a moderator's change, an unknown key, a value out of range and an empty patch, changing nothing", async () => {
    const before = await read(admin);
    expect((await patch({ strikeExpiryDays: 30 }, moderator)).status).toBe(403);
    for (const body of [{ colour: "red" }, { strikeExpiryDays: 0 }, { strikeThresholds: [{ strikes: 3, action: "ban" }] }, {}, { priorityWeights: { severity: 1 } }]) {
      const response = await patch(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await read(admin)).toEqual(before);
  });

  it("answers the default for a stored value that no longer passes its schema", async () => {
    await h.db.insert(teamSetting).values({ key: "strikeExpiryDays", value: "ninety" }).onConflictDoUpdate({ target: teamSetting.key, set: { value: "ninety" } });
    expect((await read(admin)).strikeExpiryDays).toBe(DEFAULT_TEAM_SETTINGS.strikeExpiryDays);
  });
});
