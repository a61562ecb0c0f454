import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";
import { reportUnreadable } from "./report-sync-problems";

describe("logging unreadable flagged items", () => {
  it("logs each item once, by id and problem, never its content", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    (globalThis as { __dashboardLog?: unknown }).__dashboardLog = createLogger("info", sink);
    try {
      const item = { id: "odd-log-1", problem: "sender: Invalid input", raw: '{"secret":"user text"}', truncated: false };
      reportUnreadable([item]);
      reportUnreadable([item]);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
      expect(line).toMatchObject({ event: "flagged_item_unreadable", messageId: "odd-log-1", problem: "sender: Invalid input" });
      expect(lines[0]).not.toContain("user text");
    } finally {
      delete (globalThis as { __dashboardLog?: unknown }).__dashboardLog;
    }
  });
});
