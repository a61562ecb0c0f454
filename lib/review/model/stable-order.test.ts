import { describe, expect, it } from "vitest";
import { mergeStableOrder } from "./stable-order";

const items = (...ids: string[]) => ids.map((id) => ({ id, v: `${id}-fresh` }));

describe("mergeStableOrder", () => {
  it("keeps the frozen order even when the fresh order differs", () => {
    const { shown } = mergeStableOrder(["a", "b", "c"], items("c", "a", "b"));
    expect(shown.map((i) => i.id)).toEqual(["a", "b", "c"]);
  });

  it("shows the fresh data of each kept item", () => {
    expect(mergeStableOrder(["a"], items("a")).shown[0]?.v).toBe("a-fresh");
  });

  it("drops items that left the view", () => {
    expect(mergeStableOrder(["a", "b", "c"], items("a", "c")).shown.map((i) => i.id)).toEqual(["a", "c"]);
  });

  it("holds new items among the kept ones back as pending, in their fresh order", () => {
    const { shown, pending } = mergeStableOrder(["b", "d"], items("x", "b", "y", "d"));
    expect(shown.map((i) => i.id)).toEqual(["b", "d"]);
    expect(pending.map((i) => i.id)).toEqual(["x", "y"]);
  });

  it("adds new items after the last kept one at the end (a further page), moving nothing already shown", () => {
    const { shown, pending } = mergeStableOrder(["b"], items("x", "b", "y", "z"));
    expect(shown.map((i) => i.id)).toEqual(["b", "y", "z"]);
    expect(pending.map((i) => i.id)).toEqual(["x"]);
  });
});
