"use client";
import { useState } from "react";
import { formatBytes } from "@/lib/review/model/content-words";
import type { AttachmentView, MessageContent } from "@/lib/review/model/message-content";
import { rowButton } from "./queue-styles";

/** The dashboard's own address for one attachment of a stored flagged message (lib/media). */
export const mediaHref = (messageId: string, index: number, download = false) =>
  `/api/media/${encodeURIComponent(messageId)}/${index}${download ? "?download=1" : ""}`;

const note = "text-xs text-slate-600";

/**
 * A message's content for what it is: images as thumbnails blurred until the moderator reveals
 * them (each item on its own), other media and files as name, type, size and a link, custom
 * data as readable JSON, action and call messages as a label. The text, when there is one, is
 * rendered by the caller above this.
 */
export function MessageBody({ messageId, content, senderName }: { messageId: string; content: MessageContent; senderName: string }) {
  switch (content.kind) {
    case "text":
      return null;
    case "image":
      return (
        <ul className="flex flex-wrap gap-2">
          {content.attachments.map((a) => (
            <li key={a.index}>
              <BlurredImage messageId={messageId} attachment={a} senderName={senderName} />
            </li>
          ))}
          {content.attachments.length === 0 && <li className={note}>An image message without an attachment.</li>}
        </ul>
      );
    case "video":
    case "audio":
    case "file":
      return (
        <ul className="space-y-1">
          {content.attachments.map((a) => (
            <li key={a.index}>
              <AttachmentLink messageId={messageId} attachment={a} kind={content.kind} />
            </li>
          ))}
          {content.attachments.length === 0 && <li className={note}>A {content.kind} message without an attachment.</li>}
        </ul>
      );
    case "custom":
      return (
        <div className="space-y-1">
          <p className={note}>
            Custom message: <span className="font-mono">{content.customType}</span>
          </p>
          {content.data !== undefined && (
            <pre className="max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs break-words whitespace-pre-wrap text-slate-800">
              {content.data}
              {content.truncated && "\n… (cut: longer than the dashboard shows)"}
            </pre>
          )}
        </div>
      );
    case "action":
    case "call":
      return (
        <p className="text-sm text-slate-800">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium ring-1 ring-slate-200">{content.label}</span>
          {content.detail && <span className={`ml-2 ${note}`}>{content.detail}</span>}
        </p>
      );
    case "other":
      return (
        <p className={note}>
          A <span className="font-mono">{content.category}</span> message of type <span className="font-mono">{content.type}</span>, which the dashboard
          cannot show.
        </p>
      );
  }
}

function describe(attachment: AttachmentView): string {
  return [attachment.mimeType ?? attachment.extension, attachment.size === undefined ? undefined : formatBytes(attachment.size)].filter(Boolean).join(" · ");
}

function AttachmentLink({ messageId, attachment, kind }: { messageId: string; attachment: AttachmentView; kind: string }) {
  const facts = describe(attachment);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <span aria-hidden="true">{kind === "video" ? "🎞" : kind === "audio" ? "🔊" : "📄"}</span>
      <a href={mediaHref(messageId, attachment.index, true)} className="font-medium break-all text-indigo-700 underline" download>
        {attachment.name}
      </a>
      {facts && <span className={note}>{facts}</span>}
    </p>
  );
}

/** Blurred until revealed, per image: a moderator decides when to look at what was reported. */
function BlurredImage({ messageId, attachment, senderName }: { messageId: string; attachment: AttachmentView; senderName: string }) {
  const [revealed, setRevealed] = useState(false);
  const [failed, setFailed] = useState(false);
  const facts = describe(attachment);
  if (failed) {
    return (
      <p className={note}>
        The image {attachment.name} could not be shown (refused by the media checks, or unavailable).{" "}
        <a href={mediaHref(messageId, attachment.index, true)} className="text-indigo-700 underline" download>
          Download it
        </a>
      </p>
    );
  }
  return (
    <figure className="space-y-1">
      <div className="relative h-32 w-32 overflow-hidden rounded-md bg-slate-200 ring-1 ring-slate-300">
        {/* Served by the dashboard's own media route (lib/media), which next/image's optimiser must not fetch again. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          onError={() => setFailed(true)}
          src={mediaHref(messageId, attachment.index)}
          alt={`Image ${attachment.name} sent by ${senderName}`}
          data-revealed={revealed}
          loading="lazy"
          className={`h-full w-full object-cover transition ${revealed ? "" : "scale-110 blur-xl"}`}
        />
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-2">
        <button type="button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)} className={rowButton}>
          {revealed ? "Blur image" : "Reveal image"}
        </button>
        <span className={note}>{facts}</span>
      </figcaption>
    </figure>
  );
}
