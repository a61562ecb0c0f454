import { describe, expect, it } from "vitest";
import { applyReviewCommand, type ReviewFields } from "./transitions";

const ana = { id: "s-ana", name: "Ana", admin: false };
const bo = { id: "s-bo", name: "Bo", admin: false };
const cy = { id: "s-cy", name: "Cy", admin: true };
const ref = ({ id, name }: { id: string; name: string }) => ({ id, name });
const open: ReviewFields = { state: "open", reopened: false, assignee: null, decidedAt: null, decidedBy: null, escalation: null, takenFrom: null, policyId: null, strikeWeight: 0 };
const escalated: ReviewFields = { ...open, escalation: { at: 1_699_999_000, by: ref(ana), note: "possible legal issue" } };
const NOW = 1_700_000_000;

describe("applyReviewCommand", () => {
  it("claims an unassigned item for the actor", () => {
    expect(applyReviewCommand(open, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ref(ana) } });
  });

  it.each(["claim", "unclaim", "resolve", "dismiss", "escalate"] as const)("refuses %s on an open item a colleague holds, naming them", (command) => {
    const outcome = applyReviewCommand({ ...open, assignee: ref(bo) }, command, ana, NOW, "a note");
    expect(outcome).toEqual({ ok: false, reason: expect.stringMatching(/^Bo is on this\. /), heldBy: ref(bo) });
  });

  it("takes a colleague's item over when asked, recording whom from, then runs the command", () => {
    const held: ReviewFields = { ...open, assignee: ref(bo) };
    expect(applyReviewCommand(held, "claim", ana, NOW, undefined, true)).toEqual({ ok: true, next: { ...open, assignee: ref(ana), takenFrom: ref(bo) }, takenFrom: ref(bo) });
    expect(applyReviewCommand(held, "resolve", ana, NOW, undefined, true)).toMatchObject({
      ok: true,
      next: { state: "resolved", assignee: ref(ana), decidedBy: ref(ana), takenFrom: ref(bo) },
    });
  });

  it("does not hold a decided or escalated item for its assignee", () => {
    const decided: ReviewFields = { ...open, state: "resolved", assignee: ref(bo), decidedAt: NOW - 60, decidedBy: ref(bo) };
    expect(applyReviewCommand(decided, "reopen", ana, NOW).ok).toBe(true);
    expect(applyReviewCommand({ ...escalated, assignee: ref(bo) }, "resolve", cy, NOW, "fine").ok).toBe(true);
  });

  it("forgets whom an item was taken from once it is unclaimed or claimed afresh", () => {
    const taken: ReviewFields = { ...open, assignee: ref(ana), takenFrom: ref(bo) };
    const unclaimed = applyReviewCommand(taken, "unclaim", ana, NOW);
    expect(unclaimed).toEqual({ ok: true, next: open });
    expect(applyReviewCommand(taken, "claim", ana, NOW)).toEqual({ ok: true, next: taken });
  });

  it("lets the actor claim their own item again without change", () => {
    expect(applyReviewCommand({ ...open, assignee: ref(ana) }, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ref(ana) } });
  });

  it("unclaims the actor's own claim", () => {
    expect(applyReviewCommand({ ...open, assignee: ref(ana) }, "unclaim", ana, NOW)).toEqual({ ok: true, next: open });
  });

  it("refuses to unclaim an unassigned item", () => {
    expect(applyReviewCommand(open, "unclaim", ana, NOW).ok).toBe(false);
  });

  it("resolves an open item, recording who decided and when, claiming it for them, and clears the reopened mark", () => {
    const outcome = applyReviewCommand({ ...open, reopened: true }, "resolve", ana, NOW);
    expect(outcome).toEqual({ ok: true, next: { ...open, state: "resolved", reopened: false, assignee: ref(ana), decidedAt: NOW, decidedBy: ref(ana) } });
  });


  it("dismisses an open item", () => {
    const outcome = applyReviewCommand(open, "dismiss", ana, NOW);
    expect(outcome.ok && outcome.next.state).toBe("dismissed");
  });

  it("refuses to decide an item twice, saying who decided it", () => {
    const resolved: ReviewFields = { ...open, state: "resolved", decidedAt: NOW - 60, decidedBy: ref(bo) };
    expect(applyReviewCommand(resolved, "dismiss", ana, NOW)).toEqual({ ok: false, reason: expect.stringContaining("already resolved by Bo") });
  });

  it("reopens a decided item unclaimed, keeping the earlier decision on record", () => {
    const dismissed: ReviewFields = { ...open, state: "dismissed", assignee: ref(bo), decidedAt: NOW - 60, decidedBy: ref(bo) };
    expect(applyReviewCommand(dismissed, "reopen", ana, NOW)).toEqual({ ok: true, next: { ...dismissed, state: "open", assignee: null } });
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
    expect(applyReviewCommand(escalated, command, bo, NOW, "a note")).toEqual({ ok: false, reason: expect.stringContaining("waits for an admin"), forAdmins: true });
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
