import { z } from "zod";
import { boundedJson } from "@/lib/chat/flagged-items";
import type { Attachment, MessageData } from "@/lib/chat/schemas";

/**
 * What a message is, for the queue to show it as such (facts file, "Message kinds"): text, media
 * with its attachments, custom data, or a label for action and call messages. Client-safe: the
 * server builds it from the stored message, the browser renders it. Media URLs are not part of
 * it: the browser reaches an attachment only through /api/media/{messageId}/{index}.
 */

export const MEDIA_KINDS = ["image", "video", "audio", "file"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Custom data shown on an item, bounded like an unreadable item's raw JSON. */
const MAX_CUSTOM_DATA_CHARACTERS = 2_000;

export const attachmentViewSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  extension: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

export const messageContentSchema = z.union([
  z.object({ kind: z.literal("text") }),
  z.object({ kind: z.enum(MEDIA_KINDS), attachments: z.array(attachmentViewSchema) }),
  z.object({ kind: z.literal("custom"), customType: z.string(), data: z.string().optional(), truncated: z.boolean() }),
  z.object({ kind: z.enum(["action", "call"]), label: z.string(), detail: z.string().optional() }),
  z.object({ kind: z.literal("other"), category: z.string(), type: z.string() }),
]);
export type MessageContent = z.infer<typeof messageContentSchema>;

type MessageParts = { category: string; type: string; data: MessageData };

const isMediaKind = (type: string): type is MediaKind => (MEDIA_KINDS as readonly string[]).includes(type);

export function messageContent({ category, type, data }: MessageParts): MessageContent {
  switch (category) {
    case "action":
    case "call":
      return { kind: category, label: `${category === "action" ? "Action" : "Call"}: ${data.action ?? type}`, detail: actionDetail(data) };
    case "custom": {
      if (data.customData === undefined) return { kind: "custom", customType: type, truncated: false };
      const { text, truncated } = boundedJson(data.customData, MAX_CUSTOM_DATA_CHARACTERS);
      return { kind: "custom", customType: type, data: text, truncated };
    }
    case "message":
      if (type === "text") return { kind: "text" };
      if (isMediaKind(type)) return { kind: type, attachments: mediaAttachments(data).map(toView) };
      // A message type the dashboard does not know, carrying files: shown as files.
      if (mediaAttachments(data).length > 0) return { kind: "file", attachments: mediaAttachments(data).map(toView) };
      return { kind: "other", category, type };
    default:
      return { kind: "other", category, type };
  }
}

/**
 * A media message's attachments in the order the media route counts them: `attachments`, or the
 * bare `data.url` when the service sent no list. Only entries with a URL count.
 */
export function mediaAttachments(data: MessageData): (Attachment & { url: string })[] {
  const listed = (data.attachments ?? []).filter((a): a is Attachment & { url: string } => typeof a.url === "string" && a.url !== "");
  if (listed.length > 0) return listed;
  return data.url ? [{ url: data.url }] : [];
}

function toView(attachment: Attachment & { url: string }, index: number): AttachmentView {
  return {
    index,
    name: attachment.name ?? nameFromUrl(attachment.url),
    extension: attachment.extension,
    mimeType: attachment.mimeType,
    size: attachment.size,
  };
}

function nameFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").pop();
    return last ? decodeURIComponent(last) : "attachment";
  } catch {
    return "attachment";
  }
}

/** "by Ana, on Kenji, for Team" from the action's entities, as far as they have names. */
function actionDetail(data: MessageData): string | undefined {
  const entities = data.entities;
  const parts = (["by", "on", "for"] as const).flatMap((role) => {
    const entity = entities?.[role]?.entity;
    const name = entity?.name ?? entity?.uid ?? entity?.guid;
    return typeof name === "string" ? [`${role} ${name}`] : [];
  });
  return parts.length ? parts.join(", ") : undefined;
}
