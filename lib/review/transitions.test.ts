import { describe, expect, it } from "vitest";
import { applyReviewCommand, type ReviewFields } from "./transitions";

const ana = { id: "s-ana", name: "Ana" };
const bo = { id: "s-bo", name: "Bo" };
const open: ReviewFields = { state: "open", reopened: false, assignee: null, decidedAt: null, decidedBy: null };
const NOW = 1_700_000_000;

describe("applyReviewCommand", () => {
  it("claims an unassigned item for the actor", () => {
    expect(applyReviewCommand(open, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ana } });
  });

  it("refuses to claim an item someone else claimed, naming them", () => {
    const outcome = applyReviewCommand({ ...open, assignee: bo }, "claim", ana, NOW);
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining("claimed by Bo") });
  });

  it("lets the actor claim their own item again without change", () => {
    expect(applyReviewCommand({ ...open, assignee: ana }, "claim", ana, NOW)).toEqual({ ok: true, next: { ...open, assignee: ana } });
  });

  it("unclaims a claimed item, whoever claimed it", () => {
    expect(applyReviewCommand({ ...open, assignee: bo }, "unclaim", ana, NOW)).toEqual({ ok: true, next: open });
  });

  it("refuses to unclaim an unassigned item", () => {
    expect(applyReviewCommand(open, "unclaim", ana, NOW).ok).toBe(false);
  });

  it("resolves an open item, recording who decided and when, and clears the reopened mark", () => {
    const outcome = applyReviewCommand({ ...open, reopened: true }, "resolve", ana, NOW);
    expect(outcome).toEqual({ ok: true, next: { ...open, state: "resolved", reopened: false, decidedAt: NOW, decidedBy: ana } });
  });

  it("dismisses an open item", () => {
    const outcome = applyReviewCommand(open, "dismiss", ana, NOW);
    expect(outcome.ok && outcome.next.state).toBe("dismissed");
  });

  it("refuses to decide an item twice, saying who decided it", () => {
    const resolved: ReviewFields = { ...open, state: "resolved", decidedAt: NOW - 60, decidedBy: bo };
    expect(applyReviewCommand(resolved, "dismiss", ana, NOW)).toEqual({ ok: false, reason: expect.stringContaining("already resolved by Bo") });
  });

  it("reopens a decided item and keeps the earlier decision on record", () => {
    const dismissed: ReviewFields = { ...open, state: "dismissed", decidedAt: NOW - 60, decidedBy: bo };
    expect(applyReviewCommand(dismissed, "reopen", ana, NOW)).toEqual({ ok: true, next: { ...dismissed, state: "open" } });
  });

  it("refuses to reopen an open item", () => {
    expect(applyReviewCommand(open, "reopen", ana, NOW).ok).toBe(false);
  });
});
