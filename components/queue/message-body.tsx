"use client";
import { lazyPart } from "@/components/ui/lazy-part";
import type { MessageContent } from "@/lib/review/model/message-content";
import { AttachmentLink } from "./attachment-link";
import type { MediaView } from "./shielded-media";

/**
 * Rendered with the page's HTML like the rest of the row; its code, kept off the queue's first
 * JavaScript, comes while the page hydrates. The placeholder, of the media's size, shows only
 * where the queue is reached by a navigation inside the dashboard before that code is in.
 */
const ShieldedMedia = lazyPart(() => import("./shielded-media").then((m) => m.ShieldedMedia), {
  fallback: <div aria-busy="true" aria-label="Loading the media" className="h-40 w-32 rounded-md bg-slate-200" />,
});

const note = "text-xs text-slate-600";

/**
 * A message's content for what it is: images and videos behind the moderator's media shield until
 * they show this item's (ShieldedMedia), audio and files as name, type, size and a link, custom
 * data as readable JSON, action and call messages as a label. The text, when there is one, is
 * rendered by the caller above this.
 */
export function MessageBody({ messageId, content, senderName, media }: { messageId: string; content: MessageContent; senderName: string; media: MediaView }) {
  switch (content.kind) {
    case "text":
      return null;
    case "image":
    case "video":
      if (content.attachments.length === 0) return <p className={note}>A {content.kind} message without an attachment.</p>;
      return <ShieldedMedia messageId={messageId} kind={content.kind} attachments={content.attachments} senderName={senderName} media={media} />;
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
