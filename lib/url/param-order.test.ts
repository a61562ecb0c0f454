import { describe, expect, it } from "vitest";
import { inDeclaredOrder, urlKeyOrder } from "./param-order";

describe("the order of a page's parameters in its address", () => {
  it("lists a declaration's URL names in its order, renamed where it says", () => {
    expect(urlKeyOrder({ tab: 1, sort: 2, q: 3 }, { tab: "state" })).toEqual(["state", "sort", "q"]);
  });

  it("writes declared parameters in their order, whatever order they were set in", () => {
    const order = ["scope", "q", "sort", "dir", "page", "size"];
    expect(inDeclaredOrder(new URLSearchParams("size=5&page=2"), order).toString()).toBe("page=2&size=5");
    expect(inDeclaredOrder(new URLSearchParams("q=LOGIN&scope=authOnly"), order).toString()).toBe("scope=authOnly&q=LOGIN");
  });

  it("keeps parameters the page does not declare, after its own and in their order", () => {
    expect(inDeclaredOrder(new URLSearchParams("utm=b&q=x&ref=a&q=y"), ["q"]).toString()).toBe("q=x&q=y&utm=b&ref=a");
  });
});
