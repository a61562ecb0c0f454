import { describe, expect, it } from "vitest";
import { hasPoorRecord, reporterRecordText } from "./reporter-record";

describe("a reporter's record in words", () => {
  it("says so when nothing they flagged was decided yet, and counts both outcomes otherwise", () => {
    expect(reporterRecordText({ upheld: 0, dismissed: 0 })).toBe("no decided flags yet");
    expect(reporterRecordText({ upheld: 12, dismissed: 3 })).toBe("12 upheld · 3 dismissed");
  });

  it("calls a record poor only when mostly dismissed over enough decisions", () => {
    expect(hasPoorRecord({ upheld: 0, dismissed: 4 })).toBe(false);
    expect(hasPoorRecord({ upheld: 1, dismissed: 4 })).toBe(true);
    expect(hasPoorRecord({ upheld: 5, dismissed: 5 })).toBe(false);
    expect(hasPoorRecord({ upheld: 12, dismissed: 3 })).toBe(false);
  });
});
