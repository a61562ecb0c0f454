import type { MessageContent } from "./message-content";

/*
 * Words for a message's content, apart from message-content.ts: the queue's rows load these in the
 * browser, and that module's schemas would bring zod and the chat schemas into the first JavaScript.
 */

/** One line for a message that is not plain text (the conversation view lists messages compactly). */
export function contentSummary(content: MessageContent): string | undefined {
  switch (content.kind) {
    case "text":
      return undefined;
    case "image":
    case "video":
    case "audio":
    case "file":
      return `${content.kind[0]?.toUpperCase()}${content.kind.slice(1)}: ${content.attachments.map((a) => a.name).join(", ") || "no attachment"}`;
    case "custom":
      return `Custom message: ${content.customType}`;
    case "action":
    case "call":
      return content.label;
    case "other":
      return `A ${content.category} message (${content.type})`;
  }
}

/** A byte count as people read it: "812 B", "14.2 KB", "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
