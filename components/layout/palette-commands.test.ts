import { describe, expect, it } from "vitest";
import { DEFAULT_VIEW } from "@/lib/review/model/queue-view";
import { paletteCommands } from "./palette-commands";

const savedViews = [
  { id: 1, name: "Hate speech in groups", view: { ...DEFAULT_VIEW, reason: "hate_speech", kind: "group" as const } },
  { id: 2, name: "Mine, oldest first", view: { ...DEFAULT_VIEW, assignee: "me", sort: "oldest" as const } },
];
const labels = (query: string, role: "moderator" | "admin" = "moderator") => paletteCommands(query, { role, savedViews }).map((c) => `${c.section}: ${c.label} -> ${c.href}`);

describe("the command palette's commands", () => {
  it("lists the pages a role may open and every saved view when nothing is typed", () => {
    expect(labels("")).toEqual([
      "Pages: Queue -> /",
      "Pages: Users -> /users",
      "Pages: Deactivate users in bulk -> /users/deactivate",
      "Pages: Second review -> /second-review",
      "Pages: Queue health -> /health",
      "Pages: My account -> /account",
      "Saved views: Hate speech in groups -> /?reason=hate_speech&kind=group",
      "Saved views: Mine, oldest first -> /?sort=oldest&assignee=me",
    ]);
    expect(labels("", "admin")).toContain("Pages: Audit log -> /admin/audit");
    // An admin is offered the whole health page, not the moderators' summary.
    expect(labels("health", "admin").filter((label) => label.startsWith("Pages"))).toEqual(["Pages: Queue health -> /admin/health"]);
  });

  it("offers a single word as a message id across every tab and as a UID, then what matches by name", () => {
    expect(labels("Audit", "admin")).toEqual([
      "Go to: Item with message id Audit -> /?state=all&q=Audit",
      "Go to: User Audit -> /users/audit",
      "Pages: Audit log -> /admin/audit",
    ]);
    expect(labels("10042")).toEqual(["Go to: Item with message id 10042 -> /?state=all&q=10042", "Go to: User 10042 -> /users/10042"]);
    // An admin's page is not offered to a moderator, whatever is typed.
    expect(labels("audit")).not.toContain("Pages: Audit log -> /admin/audit");
  });

  it("matches names without case or accents, and searches the queue for several words", () => {
    expect(labels("mine oldest")).toEqual(["Go to: Search the queue for “mine oldest” -> /?state=all&q=mine+oldest"]);
    expect(labels("HÂTE")).toContain("Saved views: Hate speech in groups -> /?reason=hate_speech&kind=group");
  });

  it("keeps hostile text inside its own URL parameter or path segment", () => {
    const [item, user] = paletteCommands("../admin?x=1#y", { role: "moderator", savedViews: [] });
    // The whole text is the search: the address stays the queue's, with no fragment and no other parameter.
    const itemUrl = new URL(item?.href ?? "", "https://dashboard.example");
    expect([itemUrl.pathname, itemUrl.hash, [...itemUrl.searchParams]]).toEqual(["/", "", [["state", "all"], ["q", "../admin?x=1#y"]]]);
    expect(user?.href).toBe("/users/..%2Fadmin%3Fx%3D1%23y");
    // Too long to be an id: searched for, cut to the longest search the queue takes.
    expect(paletteCommands("x".repeat(5000), { role: "moderator", savedViews: [] }).map((c) => c.href)).toEqual([`/?state=all&q=${"x".repeat(200)}`]);
  });
});
