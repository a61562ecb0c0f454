import { describe, expect, it } from "vitest";
import { MAX_LOG_LINE, TRUNCATED_MARKER } from "@/lib/log";
import { captureLog as capture } from "@/lib/testing/capture-log";

/**
 * Attack: a value under an attacker's control (a 2 MB display name, a chat text in an error) is
 * logged, so one request writes megabytes to the log. Every line stays under a few KB, marked
 * where it was cut, and is still one JSON object.
 */
describe("oversized log lines", () => {
  it("cuts a huge value, keeping the line's other fields and JSON", () => {
    const { logger, lines } = capture();
    logger.warn({ requestId: "r-1", name: "x".repeat(2_000_000) }, "rename");
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line.length).toBeLessThanOrEqual(MAX_LOG_LINE);
    const parsed = JSON.parse(line) as { requestId: string; msg: string; name: string };
    expect(parsed).toMatchObject({ requestId: "r-1", msg: "rename" });
    expect(parsed.name.endsWith(TRUNCATED_MARKER)).toBe(true);
  });

  it("bounds a line made long by many fields", () => {
    const { logger, lines } = capture();
    logger.warn(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field${i}`, "y".repeat(100)])), "many");
    const line = lines[0] ?? "";
    expect(line.length).toBeLessThanOrEqual(MAX_LOG_LINE);
    expect((JSON.parse(line) as { msg: string }).msg).toBe(TRUNCATED_MARKER);
  });

  it("leaves ordinary lines as they are", () => {
    const { logger, lines } = capture();
    logger.info({ requestId: "r-2", messageId: "m-1" }, "fine");
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ requestId: "r-2", messageId: "m-1", msg: "fine" });
  });
});
