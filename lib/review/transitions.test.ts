import { describe, expect, it } from "vitest";
import { applyReviewCommand, type ReviewFields } from "./transitions";

const ana = { id: "s-ana", name: "Ana", admin: false };
const bo = { id: "s-bo", name: "Bo", admin: false };
const cy = { id: "s-cy", name: "Cy", admin: true };
const ref = ({ id, name }: { id: string; name: string }) => ({ id, name });
const open: ReviewFields = { state: "open", reopened: false, assignee: null, decidedAt: null, decidedBy: null, escalation: null };
const escalated: ReviewFields = { ...open, escalation: { at: 1_699_999_000, by: ref(ana), note: "possible legal issue" } };
const NOW = 1_700_000_000;

describe("applyReviewCommand", () => {
  it("claims an unassigned item for the actor", () => {
    expect(applyReviewCommand(open, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ref(ana) } });
  });

  it("refuses to claim an item someone else claimed, naming them", () => {
    const outcome = applyReviewCommand({ ...open, assignee: ref(bo) }, "claim", ana, NOW);
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining("claimed by Bo") });
  });

  it("lets the actor claim their own item again without change", () => {
    expect(applyReviewCommand({ ...open, assignee: ref(ana) }, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ref(ana) } });
  });

  it("unclaims a claimed item, whoever claimed it", () => {
    expect(applyReviewCommand({ ...open, assignee: ref(bo) }, "unclaim", ana, NOW)).toEqual({ ok: true, next: open });
  });

  it("refuses to unclaim an unassigned item", () => {
    expect(applyReviewCommand(open, "unclaim", ana, NOW).ok).toBe(false);
  });

  it("resolves an open item, recording who decided and when, claiming it for them, and clears the reopened mark", () => {
    const outcome = applyReviewCommand({ ...open, reopened: true }, "resolve", ana, NOW);
    expect(outcome).toEqual({ ok: true, next: { ...open, state: "resolved", reopened: false, assignee: ref(ana), decidedAt: NOW, decidedBy: ref(ana) } });
  });

  it("keeps a colleague's claim when deciding their item", () => {
    const outcome = applyReviewCommand({ ...open, assignee: ref(bo) }, "resolve", ana, NOW);
    expect(outcome.ok && outcome.next.assignee).toEqual(ref(bo));
  });

  it("dismisses an open item", () => {
    const outcome = applyReviewCommand(open, "dismiss", ana, NOW);
    expect(outcome.ok && outcome.next.state).toBe("dismissed");
  });

  it("refuses to decide an item twice, saying who decided it", () => {
    const resolved: ReviewFields = { ...open, state: "resolved", decidedAt: NOW - 60, decidedBy: ref(bo) };
    expect(applyReviewCommand(resolved, "dismiss", ana, NOW)).toEqual({ ok: false, reason: expect.stringContaining("already resolved by Bo") });
  });

  it("reopens a decided item and keeps the earlier decision on record", () => {
    const dismissed: ReviewFields = { ...open, state: "dismissed", decidedAt: NOW - 60, decidedBy: ref(bo) };
    expect(applyReviewCommand(dismissed, "reopen", ana, NOW)).toEqual({ ok: true, next: { ...dismissed, state: "open" } });
  });

  it("refuses to reopen an open item", () => {
    expect(applyReviewCommand(open, "reopen", ana, NOW).ok).toBe(false);
  });

  it("escalates an open item with the note, and refuses without one", () => {
    expect(applyReviewCommand(open, "escalate", ana, NOW, "possible legal issue")).toEqual({
      ok: true,
      next: { ...open, escalation: { at: NOW, by: ref(ana), note: "possible legal issue" } },
    });
    expect(applyReviewCommand(open, "escalate", ana, NOW)).toEqual({ ok: false, reason: expect.stringContaining("needs a note") });
  });

  it("refuses to escalate twice or to escalate a decided item", () => {
    expect(applyReviewCommand(escalated, "escalate", bo, NOW, "again")).toEqual({ ok: false, reason: expect.stringContaining("already escalated by Ana") });
    expect(applyReviewCommand({ ...open, state: "resolved" }, "escalate", bo, NOW, "late").ok).toBe(false);
  });

  it.each(["claim", "unclaim", "resolve", "dismiss", "deescalate"] as const)("keeps an escalated item from a moderator's %s", (command) => {
    expect(applyReviewCommand(escalated, command, bo, NOW, "a note")).toEqual({ ok: false, reason: expect.stringContaining("only an admin can act on it") });
  });

  it("lets an admin decide an escalated item only with a note saying why", () => {
    expect(applyReviewCommand(escalated, "resolve", cy, NOW)).toEqual({ ok: false, reason: expect.stringContaining("needs a note") });
    const outcome = applyReviewCommand(escalated, "resolve", cy, NOW, "removed, reported to legal");
    expect(outcome.ok && outcome.next).toMatchObject({ state: "resolved", decidedBy: ref(cy), escalation: escalated.escalation });
  });

  it("lets an admin de-escalate with a note, handing the item back to moderators", () => {
    expect(applyReviewCommand(escalated, "deescalate", cy, NOW)).toEqual({ ok: false, reason: expect.stringContaining("needs a note") });
    expect(applyReviewCommand(escalated, "deescalate", cy, NOW, "not a legal matter")).toEqual({ ok: true, next: open });
    expect(applyReviewCommand(open, "deescalate", cy, NOW, "why").ok).toBe(false);
  });
});
