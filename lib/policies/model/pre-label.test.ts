import { describe, expect, it } from "vitest";
import type { Policy } from "./policy-schemas";
import { preLabel } from "./pre-label";

const policy = (id: number, name: string, severity: number, archived = false): Policy => ({ id, name, description: "", severity, strikeWeight: 1, ground: "terms_of_service", dsaCategory: "STATEMENT_CATEGORY_OTHER_VIOLATION_TC", archived });
const policies = [policy(1, "Spam", 2), policy(2, "Hate", 4), policy(3, "Old", 5, true)];
const map = { spam: 1, hate_speech: 2, legacy: 3, ghost: 99 };

describe("the policy an item arrives labelled with", () => {
  it("is its flag reason's mapped policy", () => {
    expect(preLabel(["spam"], map, policies)?.name).toBe("Spam");
  });

  it("is the most severe when its flags' reasons map to several", () => {
    expect(preLabel(["spam", "hate_speech", "spam"], map, policies)?.name).toBe("Hate");
  });

  it("is none for unmapped reasons, an archived policy or one that no longer exists", () => {
    expect(preLabel(["nudity"], map, policies)).toBeUndefined();
    expect(preLabel(["legacy", "ghost"], map, policies)).toBeUndefined();
    expect(preLabel([], map, policies)).toBeUndefined();
  });
});
