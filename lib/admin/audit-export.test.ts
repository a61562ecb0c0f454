import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./audit-export";

describe("CSV encoding", () => {
  it("leaves plain text and numbers as they are, and null empty", () => {
    expect(csvLine(["plain", 42, null, "ana-souza"])).toBe("plain,42,,ana-souza\r\n");
  });

  it("quotes fields with commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe("\"'\r=1\"");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("keeps numbers, which are never text a spreadsheet evaluates, unprefixed", () => {
    expect(csvCell(-5)).toBe("-5");
  });
});
