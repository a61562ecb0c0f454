import { describe, expect, it } from "vitest";
import { pictureSrc, safeAvatarUrl, safeLinkUrl } from "./safe-url";

describe("safeLinkUrl", () => {
  it.each(["https://ana.example.com", "http://example.org/a?b=c#d", "HTTPS://EXAMPLE.COM/x"])("keeps the web address %s", (value) => {
    expect(safeLinkUrl(value)).toBe(new URL(value).href);
  });

  it.each([
    "javascript:alert(1)",
    " javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/png;base64,AAAA",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "mailto:a@example.com",
    "//evil.example.com",
    "/relative/path",
    "not a url",
    "",
    undefined,
  ])("refuses %j", (value) => {
    expect(safeLinkUrl(value)).toBeUndefined();
  });
});

describe("safeAvatarUrl", () => {
  it("keeps http(s) addresses and data:image URIs", () => {
    expect(safeAvatarUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeAvatarUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(safeAvatarUrl("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")).toBe("data:image/svg+xml,%3Csvg%3E%3C/svg%3E");
  });

  it.each(["data:text/html,<b>x</b>", "data:,hello", "data:image", "javascript:alert(1)", "blob:https://example.com/x", "", undefined])("refuses %j", (value) => {
    expect(safeAvatarUrl(value)).toBeUndefined();
  });
});

describe("pictureSrc", () => {
  it("sends an http(s) avatar through the dashboard's checked media route, never to its own host", () => {
    expect(pictureSrc("https://evil.example/a.png?x=1&y=2")).toBe(`/api/media/avatar?url=${encodeURIComponent("https://evil.example/a.png?x=1&y=2")}`);
    expect(pictureSrc("http://cdn.example.com/b.png")).toBe("/api/media/avatar?url=http%3A%2F%2Fcdn.example.com%2Fb.png");
  });

  it("keeps a data:image URI, already in the page", () => expect(pictureSrc("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA"));

  it.each(["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/a.png", "", undefined])("gives no picture for %j", (value) => {
    expect(pictureSrc(value)).toBeUndefined();
  });
});
