import { describe, expect, it } from "vitest";
import { parseUidList } from "./parse-uid-list";

describe("parseUidList", () => {
  it("splits on commas, spaces and new lines, in the order given", () => {
    expect(parseUidList("ana-souza, kenji-watanabe\nmallory\r\n\t wei-zhang,,").uids).toEqual(["ana-souza", "kenji-watanabe", "mallory", "wei-zhang"]);
  });

  it("removes duplicates and counts them", () => {
    const parsed = parseUidList("a b a\na,c b");
    expect(parsed.uids).toEqual(["a", "b", "c"]);
    expect(parsed.duplicates).toBe(3);
  });

  it("keeps non-Latin UIDs and a quoted UID with spaces or commas as one entry", () => {
    expect(parseUidList('用户-42 "user with space" "a,b"').uids).toEqual(["用户-42", "user with space", "a,b"]);
  });

  it("points out entries the API would refuse, with the reason", () => {
    const parsed = parseUidList(`ok .. . ${"x".repeat(101)} ""`);
    expect(parsed.uids).toEqual(["ok"]);
    expect(parsed.invalid.map((i) => i.entry)).toEqual(["..", ".", "x".repeat(101), ""]);
    expect(parsed.invalid[2]?.reason).toMatch(/longer than 100/);
    expect(parsed.invalid[3]?.reason).toMatch(/empty/);
  });

  it("leaves out the excluded UID and says so", () => {
    const parsed = parseUidList("ana-souza kenji-watanabe ana-souza", { exclude: "ana-souza" });
    expect(parsed.uids).toEqual(["kenji-watanabe"]);
    expect(parsed.excluded).toEqual(["ana-souza"]);
    expect(parsed.duplicates).toBe(1);
  });

  it("reads an empty or blank list as no UIDs", () => {
    expect(parseUidList(" \n , ")).toEqual({ uids: [], duplicates: 0, invalid: [], excluded: [] });
  });
});
