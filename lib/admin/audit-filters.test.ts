import { describe, expect, it } from "vitest";
import { auditFilterHref, readAuditFilter } from "./audit-filter-url";
import { auditFilterSchema } from "./audit-filters";

describe("the audit filter", () => {
  it("reads a filter from the URL and writes it back in a fixed order", () => {
    const filter = readAuditFilter(new URLSearchParams("to=2025-01-31&action=message.pin&uid=ana-souza&from=2025-01-01&outcome=failure"));
    expect(filter).toEqual({ action: "message.pin", uid: "ana-souza", outcome: "failure", from: "2025-01-01", to: "2025-01-31" });
    expect(auditFilterHref("/api/audit?limit=50", filter)).toBe("/api/audit?limit=50&action=message.pin&uid=ana-souza&outcome=failure&from=2025-01-01&to=2025-01-31");
  });

  it("writes text the URL gives meaning to so that it reads back the same", () => {
    const filter = { staff: "a&b+c #d%e=f ✓?/", uid: "ana-souza" };
    expect(readAuditFilter(new URL(auditFilterHref("/api/audit?limit=50", filter), "http://dashboard.test").searchParams)).toEqual(filter);
  });

  it("drops what the page cannot use instead of failing: unknown actions, bad dates, empty fields, a reversed range", () => {
    expect(readAuditFilter({ action: "drop.tables", from: "yesterday", uid: "", message: "..", outcome: "maybe" })).toEqual({});
    expect(readAuditFilter({ from: "2025-02-01", to: "2025-01-01" })).toEqual({ from: "2025-02-01" });
  });

  it("refuses the same values at the API, naming the field", () => {
    const result = auditFilterSchema.safeParse({ from: "2025-02-01", to: "2025-01-01" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["to"]);
    expect(result.error?.issues[0]?.message).toBe("the end date (to) is before the start date (from)");
    expect(auditFilterSchema.safeParse({ action: "drop.tables" }).success).toBe(false);
    expect(auditFilterSchema.parse({ staff: "", uid: "" })).toEqual({});
  });
});
