import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { messageDataSchema } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { mediaAttachments } from "@/lib/review/model/message-content";
import { fetchMedia, type FetchedMedia, type MediaPolicy, type Resolve } from "./fetch-media";
import { baseType, imageBytesMatch, isImageType, isInlineType } from "./media-types";

/**
 * One attachment of a flagged message the dashboard holds, fetched and answered from the
 * dashboard's own origin. The browser names a message id and an index, never a URL, so it can
 * only reach media that a flagged message links to, through fetchMedia's checks. Inline answers
 * are the allow-listed types only (never SVG); with `download` anything comes as an opaque
 * attachment.
 */
export async function serveMedia(
  db: Db,
  messageId: string,
  index: number,
  options: { download: boolean; policy: MediaPolicy; resolve?: Resolve },
): Promise<Response> {
  const [row] = await db.select({ message: flaggedMessage.message }).from(flaggedMessage).where(eq(flaggedMessage.id, messageId)).limit(1);
  if (!row) throw new ApiError("ERR_NOT_FOUND", `The dashboard holds no flagged message ${messageId}.`);
  const data = messageDataSchema.catch({}).parse(row.message.data);
  const attachment = mediaAttachments(data)[index];
  if (!attachment) throw new ApiError("ERR_NOT_FOUND", `Message ${messageId} has no attachment ${index}.`);

  const media = await fetchMedia(attachment.url, options.policy, options.resolve);
  const name = attachment.name ?? new URL(media.url).pathname.split("/").pop() ?? "attachment";
  return options.download ? downloadResponse(media, name) : inlineResponse(media, name, isInlineType);
}

/**
 * A user's avatar or a group's icon, by the URL the chat service gave for it. A chat user chooses
 * that URL, so it is fetched like message media (fetchMedia's checks: configured hosts only, public
 * addresses, size and time caps) and answered only as one of the allow-listed image types: the
 * moderator's browser never contacts the picture's own host.
 */
export async function servePicture(url: string, options: { policy: MediaPolicy; resolve?: Resolve }): Promise<Response> {
  const media = await fetchMedia(url, options.policy, options.resolve);
  return inlineResponse(media, new URL(media.url).pathname.split("/").pop() || "picture", isImageType);
}

/** Whatever it is, as an opaque attachment: never rendered by the browser. */
function downloadResponse(media: FetchedMedia, name: string): Response {
  const filename = safeFilename(name);
  const headers = mediaHeaders(media);
  headers.set("content-type", "application/octet-stream");
  headers.set("content-disposition", `attachment; filename="${filename.ascii}"; filename*=UTF-8''${filename.encoded}`);
  return new Response(new Uint8Array(media.bytes), { status: 200, headers });
}

/** Shown in the page: only a type `allowed` lets through, and an image only when its first bytes are that type. */
function inlineResponse(media: FetchedMedia, name: string, allowed: (type: string) => boolean): Response {
  const type = baseType(media.contentType);
  if (!allowed(type)) {
    throw new ApiError("ERR_UNSUPPORTED_MEDIA_TYPE", `Media of type ${type || "(none)"} is not shown in the dashboard; download it instead.`);
  }
  if (!imageBytesMatch(type, media.bytes)) throw new ApiError("ERR_UNSUPPORTED_MEDIA_TYPE", `The file is not the ${type} it claims to be.`);
  const headers = mediaHeaders(media);
  headers.set("content-type", type);
  headers.set("content-disposition", `inline; filename="${safeFilename(name).ascii}"`);
  return new Response(new Uint8Array(media.bytes), { status: 200, headers });
}

/** Either way `nosniff` and a sandboxing policy keep the bytes from running as a page. */
function mediaHeaders(media: FetchedMedia): Headers {
  return new Headers({
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, max-age=300",
    "content-length": String(media.bytes.length),
  });
}

/** A file name safe in a header: an ASCII stand-in and the UTF-8 original, percent-encoded. */
function safeFilename(name: string): { ascii: string; encoded: string } {
  const trimmed = name.slice(0, 200);
  return { ascii: trimmed.replace(/[^\x20-\x7e]|["\\]/g, "_") || "attachment", encoded: encodeURIComponent(trimmed) };
}
