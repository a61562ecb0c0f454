import { formatBytes } from "@/lib/review/model/content-words";
import type { AttachmentView } from "@/lib/review/model/message-content";

/** The dashboard's own address for one attachment of a stored flagged message (lib/media). */
export const mediaHref = (messageId: string, index: number, download = false) =>
  `/api/media/${encodeURIComponent(messageId)}/${index}${download ? "?download=1" : ""}`;

/** An attachment's type and size in words ("image/png · 1.2 kB"). */
export function describeAttachment(attachment: AttachmentView): string {
  return [attachment.mimeType ?? attachment.extension, attachment.size === undefined ? undefined : formatBytes(attachment.size)].filter(Boolean).join(" · ");
}

/** An attachment as its name, linked for download through the dashboard, with its type and size. */
export function AttachmentLink({ messageId, attachment, kind }: { messageId: string; attachment: AttachmentView; kind: string }) {
  const facts = describeAttachment(attachment);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <span aria-hidden="true">{kind === "video" ? "🎞" : kind === "audio" ? "🔊" : "📄"}</span>
      <a href={mediaHref(messageId, attachment.index, true)} className="font-medium break-all text-indigo-700 underline" download>
        {attachment.name}
      </a>
      {facts && <span className="text-xs text-slate-600">{facts}</span>}
    </p>
  );
}
