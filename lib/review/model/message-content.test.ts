import { describe, expect, it } from "vitest";
import { realFlaggedList } from "@/lib/chat/fixtures/real-service-flagged";
import { responses } from "@/lib/chat/schemas";
import { formatBytes } from "./content-words";
import { mediaAttachments, messageContent } from "./message-content";

const list = responses.listFlaggedMessages.parse(realFlaggedList);
const contentOf = (id: string) => {
  const message = list.data.find((m) => m.id === id);
  if (!message) throw new Error(`fixture ${id}`);
  return messageContent(message);
};

describe("every message kind shown for what it is", () => {
  it("text", () => expect(contentOf("101")).toEqual({ kind: "text" }));

  it("an image with its attachment (never its URL)", () => {
    const content = contentOf("102");
    expect(content).toEqual({ kind: "image", attachments: [{ index: 0, name: "photo.png", extension: "png", mimeType: "image/png", size: 20_480 }] });
    expect(JSON.stringify(content)).not.toContain("https://");
  });

  it("custom: its type and its data, readable", () => {
    const content = contentOf("103");
    expect(content).toMatchObject({ kind: "custom", customType: "location", truncated: false });
    expect(content.kind === "custom" && JSON.parse(content.data ?? "")).toEqual({ latitude: 19.07, longitude: 72.87 });
  });

  it("action and call messages as labels", () => {
    expect(contentOf("104")).toEqual({ kind: "action", label: "Action: added", detail: "by superhero1, on superhero6, for Hiking group" });
    expect(contentOf("105")).toMatchObject({ kind: "call", label: "Call: initiated" });
  });

  it("an unknown category as what it says it is", () => expect(contentOf("106")).toEqual({ kind: "other", category: "interactive", type: "form" }));

  it("a media message with only data.url, named from the URL", () => {
    const data = { url: "https://media.example/a/b/clip%20one.mp4" };
    expect(mediaAttachments(data)).toEqual([{ url: data.url }]);
    expect(messageContent({ category: "message", type: "video", data })).toEqual({ kind: "video", attachments: [{ index: 0, name: "clip one.mp4" }] });
  });

  it("skips attachments without a URL when counting, as the media route does", () => {
    const data = { attachments: [{ name: "no-url" }, { name: "b.pdf", url: "https://media.example/b.pdf" }] };
    expect(mediaAttachments(data).map((a) => a.name)).toEqual(["b.pdf"]);
  });
});

describe("sizes", () => {
  it("reads as people read them", () => {
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(20_480)).toBe("20 KB");
    expect(formatBytes(3.1 * 1024 * 1024)).toBe("3.1 MB");
  });
});
