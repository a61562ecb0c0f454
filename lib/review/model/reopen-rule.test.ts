import { describe, expect, it } from "vitest";
import { shouldReopen } from "./reopen-rule";

const decidedAt = new Date("2025-03-01T12:00:00.600Z");
const at = (iso: string) => Date.parse(iso) / 1000;

describe("shouldReopen", () => {
  it("reopens a resolved item that receives a flag after the decision", () => {
    expect(shouldReopen({ state: "resolved", decidedAt }, [at("2025-03-01T12:05:00Z")])).toBe(true);
  });

  it("reopens a dismissed item the same way", () => {
    expect(shouldReopen({ state: "dismissed", decidedAt }, [at("2025-03-02T00:00:00Z")])).toBe(true);
  });

  it("counts a new flag within the decision's second (flag times are whole seconds)", () => {
    expect(shouldReopen({ state: "resolved", decidedAt }, [at("2025-03-01T12:00:00Z")])).toBe(true);
  });

  it("keeps a decided item closed when the newly seen flag predates the decision", () => {
    expect(shouldReopen({ state: "resolved", decidedAt }, [at("2025-03-01T11:59:59Z")])).toBe(false);
  });

  it("keeps a decided item closed when no new flag arrived", () => {
    expect(shouldReopen({ state: "resolved", decidedAt }, [])).toBe(false);
  });

  it("never reopens an item that is open", () => {
    expect(shouldReopen({ state: "open", decidedAt }, [at("2025-03-02T00:00:00Z")])).toBe(false);
  });

  it("needs a decision time to compare with", () => {
    expect(shouldReopen({ state: "resolved", decidedAt: null }, [at("2025-03-02T00:00:00Z")])).toBe(false);
  });
});
