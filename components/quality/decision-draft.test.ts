import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, draftBody, missingFromDraft, replacesDecision } from "./decision-draft";

const first = { by: { id: "s1", name: "moderator" }, decision: "resolved" as const, policy: { id: 3, name: "Spam" }, note: null, at: 0 };
const loose = { policyRequired: false, noteRequired: false };

describe("a second review's or a ruling's draft", () => {
  it("says what is missing: the decision, a policy the team requires for an uphold, a ruling's reason", () => {
    expect(missingFromDraft(EMPTY_DRAFT, loose)).toBe("Choose whether to uphold or dismiss the flag.");
    expect(missingFromDraft({ ...EMPTY_DRAFT, decision: "resolved" }, loose)).toBeUndefined();
    expect(missingFromDraft({ ...EMPTY_DRAFT, decision: "resolved" }, { ...loose, policyRequired: true })).toMatch(/^Choose the policy/);
    expect(missingFromDraft({ ...EMPTY_DRAFT, decision: "dismissed" }, { ...loose, policyRequired: true })).toBeUndefined();
    expect(missingFromDraft({ ...EMPTY_DRAFT, decision: "dismissed", note: "  " }, { ...loose, noteRequired: true })).toBe("Write the reason for the ruling.");
  });

  it("sends a policy only with an uphold, and no empty note", () => {
    expect(draftBody({ decision: "resolved", policy: { id: 3, name: "Spam" }, note: " why " })).toEqual({ decision: "resolved", policyId: 3, note: "why" });
    expect(draftBody({ decision: "dismissed", policy: { id: 3, name: "Spam" }, note: "" })).toEqual({ decision: "dismissed" });
  });

  it("replaces the first decision with another outcome, or an uphold under another policy, as the server does", () => {
    expect(replacesDecision({ decision: "resolved", policy: { id: 3, name: "Spam" }, note: "" }, first)).toBe(false);
    expect(replacesDecision({ decision: "resolved", policy: null, note: "" }, first)).toBe(true);
    expect(replacesDecision({ decision: "dismissed", policy: null, note: "" }, first)).toBe(true);
    expect(replacesDecision({ decision: "dismissed", policy: null, note: "" }, { ...first, decision: "dismissed", policy: null })).toBe(false);
  });
});
