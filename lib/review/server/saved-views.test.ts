import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { savedView } from "@/lib/db/schema";
import { addStaff } from "@/lib/staff/staff-store";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { DEFAULT_VIEW } from "@/lib/review/model/queue-view";
import { MAX_SAVED_VIEWS_PER_PERSON, type SavedView } from "@/lib/review/model/saved-view-schemas";

let h: Harness;
let moderator: string;
let otherModerator: string;
let admin: string;
let staffIds: string[];
const routes = {
  list: () => import("@/app/api/review/views/route"),
  one: () => import("@/app/api/review/views/[id]/route"),
};
const write = { origin: APP_URL };
type ErrorBody = { error: { code: string; message: string } };

async function create(body: unknown, cookie = moderator) {
  return h.call(await routes.list(), "POST", "/api/review/views", { cookie, body, headers: write });
}

async function created(body: unknown, cookie = moderator): Promise<SavedView> {
  const response = await create(body, cookie);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: SavedView }).data;
}

async function list(cookie = moderator): Promise<SavedView[]> {
  const response = await h.call(await routes.list(), "GET", "/api/review/views", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SavedView[] }).data;
}

async function patch(id: number, body: unknown, cookie = moderator) {
  return h.call(await routes.one(), "PATCH", `/api/review/views/${id}`, { cookie, params: { id: String(id) }, body, headers: write });
}

async function remove(id: number, cookie = moderator) {
  return h.call(await routes.one(), "DELETE", `/api/review/views/${id}`, { cookie, params: { id: String(id) }, headers: write });
}

async function expectError(response: Response, status: number, code: string, message: RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ErrorBody;
  expect(body.error).toMatchObject({ code, message: expect.stringMatching(message) });
}

describe.each(databaseTargets())("saved queue views on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    const other = await addStaff(h.db, { email: "mod2@test.example", name: "Bea", role: "moderator", password: "harness-password-1" });
    staffIds = [h.staffIds.moderator, h.staffIds.admin, other.id];
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
    const signIn = await h.signIn("mod2@test.example");
    expect(signIn.response.ok).toBe(true);
    otherModerator = signIn.cookie;
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await h.db.delete(savedView).where(inArray(savedView.ownerId, staffIds));
  });

  describe("create and list", () => {
    it("saves a view under a trimmed name, stores only the fields that differ from the default, and lists it as mine", async () => {
      const view = await created({ name: "  Spam, oldest first  ", shared: false, view: { tab: "open", sort: "oldest", reason: "spam" } });
      expect(view).toMatchObject({ name: "Spam, oldest first", shared: false, mine: true, canDelete: true, ownerName: "mod", view: { ...DEFAULT_VIEW, sort: "oldest", reason: "spam" } });
      const [row] = await h.db.select().from(savedView).where(eq(savedView.id, view.id));
      expect(row?.view).toEqual({ sort: "oldest", reason: "spam" });
      expect(await list()).toEqual([view]);
    });

    it("lists my views first, then the team's shared views with their owner's name, each by name", async () => {
      await created({ name: "b mine", shared: false, view: {} });
      await created({ name: "a mine shared", shared: true, view: { tab: "all" } });
      await created({ name: "0 team", shared: true, view: { assignee: "none" } }, otherModerator);
      await created({ name: "Bea's private", shared: false, view: {} }, otherModerator);
      const views = await list();
      expect(views.map((v) => [v.name, v.mine, v.ownerName])).toEqual([
        ["a mine shared", true, "mod"],
        ["b mine", true, "mod"],
        ["0 team", false, "Bea"],
      ]);
    });

    it("opens a stored view with values the queue no longer knows, with the defaults for those", async () => {
      await h.db.insert(savedView).values({ ownerId: h.staffIds.moderator, name: "old", view: { sort: "ancient", tab: "resolved", retired: "x", q: "refund" } });
      const [view] = await list();
      expect(view?.view).toEqual({ ...DEFAULT_VIEW, tab: "resolved", q: "refund" });
    });
  });

  describe("validation", () => {
    const valid = { name: "Mine", shared: false, view: { sort: "flags" } };
    const cases: [string, unknown, RegExp][] = [
      ["an empty name", { ...valid, name: "   " }, /body\.name: the name is empty/],
      ["a name over 60 characters", { ...valid, name: "x".repeat(61) }, /body\.name: .*60 characters/],
      ["a missing sharing choice", { name: "Mine", view: {} }, /body\.shared/],
      ["a sort the queue does not know", { ...valid, view: { sort: "ancient" } }, /body\.view\.sort: "ancient" is not a value the queue knows/],
      ["a tab the queue does not know", { ...valid, view: { tab: "deleted" } }, /body\.view\.tab/],
      ["a field the view does not have", { ...valid, view: { colour: "red" } }, /body\.view: .*"colour"/],
      ["a view that is not an object", { ...valid, view: "?sort=flags" }, /body\.view/],
    ];
    for (const [what, body, message] of cases) {
      it(`refuses ${what} with a 400 naming the field`, async () => {
        await expectError(await create(body), 400, "ERR_BAD_REQUEST", message);
        expect(await list()).toEqual([]);
      });
    }

    it("refuses a rename to an empty name and a change that changes nothing", async () => {
      const view = await created(valid);
      await expectError(await patch(view.id, { name: "" }), 400, "ERR_BAD_REQUEST", /body\.name/);
      await expectError(await patch(view.id, {}), 400, "ERR_BAD_REQUEST", /give name or shared/);
    });
  });

  describe("names and limits", () => {
    it("refuses a second view of mine with the same name with a 409 in words, but another person may use it", async () => {
      await created({ name: "Unclaimed", shared: false, view: { assignee: "none" } });
      await expectError(await create({ name: " Unclaimed ", shared: true, view: {} }), 409, "ERR_CONFLICT", /already have a saved view named "Unclaimed"/);
      await created({ name: "Unclaimed", shared: false, view: {} }, otherModerator);
    });

    it(`keeps at most ${MAX_SAVED_VIEWS_PER_PERSON} views per person`, async () => {
      await h.db
        .insert(savedView)
        .values(Array.from({ length: MAX_SAVED_VIEWS_PER_PERSON }, (_, i) => ({ ownerId: h.staffIds.moderator, name: `view ${i}`, view: {} })));
      await expectError(await create({ name: "one more", shared: false, view: {} }), 409, "ERR_CONFLICT", /50 saved views.*Delete one first/);
      await created({ name: "one more", shared: false, view: {} }, otherModerator);
    });
  });

  describe("rename, share and delete", () => {
    it("renames a view and shares it, refusing a name I already use", async () => {
      const view = await created({ name: "Mine", shared: false, view: {} });
      await created({ name: "Taken", shared: false, view: {} });
      await expectError(await patch(view.id, { name: "Taken" }), 409, "ERR_CONFLICT", /already have a saved view named "Taken"/);
      const response = await patch(view.id, { name: " Renamed ", shared: true });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: SavedView }).data).toMatchObject({ id: view.id, name: "Renamed", shared: true });
      expect((await list(otherModerator)).map((v) => v.name)).toEqual(["Renamed"]);
      expect((await patch(view.id, { name: "Renamed" })).status).toBe(200);
    });

    it("deletes my view", async () => {
      const view = await created({ name: "Gone soon", shared: true, view: {} });
      expect((await remove(view.id)).status).toBe(200);
      expect(await list()).toEqual([]);
      await expectError(await remove(view.id), 404, "ERR_NOT_FOUND", /does not exist/);
    });
  });

  describe("permissions", () => {
    it("hides a private view from another moderator: not listed, and 404 to change or delete", async () => {
      const view = await created({ name: "Private", shared: false, view: {} });
      expect(await list(otherModerator)).toEqual([]);
      await expectError(await patch(view.id, { name: "Mine now" }, otherModerator), 404, "ERR_NOT_FOUND", /private view/);
      await expectError(await remove(view.id, otherModerator), 404, "ERR_NOT_FOUND", /private view/);
      await expectError(await remove(view.id, admin), 404, "ERR_NOT_FOUND", /private view/);
      expect(await list()).toHaveLength(1);
    });

    it("shows a shared view to another moderator, who may not rename, unshare or delete it (403 in words)", async () => {
      const view = await created({ name: "Team", shared: true, view: { tab: "all", sort: "flags" } });
      const [seen] = await list(otherModerator);
      expect(seen).toMatchObject({ id: view.id, name: "Team", mine: false, canDelete: false, ownerName: "mod", view: { tab: "all", sort: "flags" } });
      await expectError(await patch(view.id, { shared: false }, otherModerator), 403, "ERR_FORBIDDEN", /Only mod, who saved "Team"/);
      await expectError(await remove(view.id, otherModerator), 403, "ERR_FORBIDDEN", /Only mod, who saved "Team", or an admin/);
      expect(await list()).toHaveLength(1);
    });

    it("lets an admin delete a shared view of someone else", async () => {
      const view = await created({ name: "Team", shared: true, view: {} });
      expect((await list(admin))[0]).toMatchObject({ id: view.id, mine: false, canDelete: true });
      expect((await remove(view.id, admin)).status).toBe(200);
      expect(await list()).toEqual([]);
    });

    it("refuses a signed-out request and an id that is not a saved view id", async () => {
      await expectError(await h.call(await routes.list(), "GET", "/api/review/views"), 401, "ERR_UNAUTHORIZED", /Sign in/);
      await expectError(await h.call(await routes.one(), "DELETE", "/api/review/views/x", { cookie: moderator, params: { id: "1x" }, headers: write }), 400, "ERR_BAD_REQUEST", /path\.id/);
    });
  });
});
