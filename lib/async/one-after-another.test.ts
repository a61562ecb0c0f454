import { describe, expect, it } from "vitest";
import { oneAfterAnother } from "./one-after-another";

describe("oneAfterAnother", () => {
  it("starts each read after the one before has answered, and gives the answers in order", async () => {
    const started: string[] = [];
    let releaseFirst = () => {};
    const first = () => {
      started.push("first");
      return new Promise<number>((resolve) => (releaseFirst = () => resolve(1)));
    };
    const second = async () => {
      started.push("second");
      return "two";
    };
    const both = oneAfterAnother([first, second] as const);
    await Promise.resolve();
    expect(started).toEqual(["first"]);
    releaseFirst();
    expect(await both).toEqual([1, "two"]);
    expect(started).toEqual(["first", "second"]);
  });

  it("stops at the first failure, starting none after it", async () => {
    const started: string[] = [];
    const failing = async () => {
      started.push("failing");
      throw new Error("the database went away");
    };
    const after = async () => started.push("after");
    await expect(oneAfterAnother([failing, after] as const)).rejects.toThrow("the database went away");
    expect(started).toEqual(["failing"]);
  });
});
