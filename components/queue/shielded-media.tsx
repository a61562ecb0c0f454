"use client";
import { useId, useState } from "react";
import type { AttachmentView } from "@/lib/review/model/message-content";
import { shieldFilter, type MediaShieldView } from "@/lib/wellbeing/model/effective-preferences";
import { AttachmentLink, describeAttachment, mediaHref } from "./attachment-link";
import { rowButton } from "./queue-styles";

/** The queue's key that shows or hides the highlighted item's media (lib/review/model/keyboard-shortcuts.ts). */
const REVEAL_KEY = "m";

/** How one item's media is shown: the moderator's shield, and whether they revealed this item's. */
export type MediaView = { shield: MediaShieldView; revealed: boolean; onToggle: () => void };

type Shown = { messageId: string; attachment: AttachmentView; senderName: string; filter: string };

/**
 * An item's images or videos behind the moderator's media shield (blur and greyscale, their own
 * preference or the team's default) until they show them, this item's only. Revealing changes
 * only a CSS filter inside boxes of fixed size, and the button keeps its width: nothing moves.
 */
export function ShieldedMedia({
  messageId,
  kind,
  attachments,
  senderName,
  media,
}: {
  messageId: string;
  kind: "image" | "video";
  attachments: readonly AttachmentView[];
  senderName: string;
  media: MediaView;
}) {
  const noteId = useId();
  const filter = shieldFilter(media.shield, media.revealed);
  return (
    <div role="group" aria-label={`Media sent by ${senderName}`} aria-describedby={noteId} className="space-y-1">
      <ul className="flex flex-wrap gap-2">
        {attachments.map((a) => (
          <li key={a.index} className={kind === "video" ? "w-full max-w-xs space-y-1" : undefined}>
            {kind === "image" ? (
              <ShieldedImage messageId={messageId} attachment={a} senderName={senderName} filter={filter} />
            ) : (
              <>
                <ShieldedVideo messageId={messageId} attachment={a} senderName={senderName} filter={filter} autoplay={media.shield.mediaAutoplay} />
                <AttachmentLink messageId={messageId} attachment={a} kind="video" />
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-x-2">
        <button type="button" aria-pressed={media.revealed} aria-keyshortcuts={REVEAL_KEY} onClick={media.onToggle} className={`${rowButton} min-w-24`}>
          {media.revealed ? "Hide media" : "Show media"}
          <span className="sr-only"> of the message from {senderName}</span>
        </button>
        <p id={noteId} aria-live="polite" className="text-xs text-slate-600">
          {filter === "none" ? (
            "Shown"
          ) : (
            <>
              Hidden until you show it<span className="sr-only"> (the Show media button, or the {REVEAL_KEY} key on the highlighted item)</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

function ShieldedImage({ messageId, attachment, senderName, filter }: Shown) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Unavailable what="image" messageId={messageId} attachment={attachment} />;
  const facts = describeAttachment(attachment);
  return (
    <figure className="space-y-1">
      <div className="h-32 w-32 overflow-hidden rounded-md bg-slate-200 ring-1 ring-slate-300">
        {/* Served by the dashboard's own media route (lib/media), which next/image's optimiser must not fetch again. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          onError={() => setFailed(true)}
          src={mediaHref(messageId, attachment.index)}
          alt={`Image ${attachment.name} sent by ${senderName}`}
          loading="lazy"
          style={{ filter }}
          className="h-full w-full object-cover transition-[filter]"
        />
      </div>
      {facts && <figcaption className="text-xs text-slate-600">{facts}</figcaption>}
    </figure>
  );
}

/** Plays by itself only when the moderator's preference says so (muted, as browsers require for that). */
function ShieldedVideo({ messageId, attachment, senderName, filter, autoplay }: Shown & { autoplay: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Unavailable what="video" messageId={messageId} attachment={attachment} />;
  return (
    <div className="h-40 w-full overflow-hidden rounded-md bg-slate-900 ring-1 ring-slate-300">
      <video
        onError={() => setFailed(true)}
        src={mediaHref(messageId, attachment.index)}
        aria-label={`Video ${attachment.name} sent by ${senderName}`}
        controls
        playsInline
        preload="metadata"
        autoPlay={autoplay}
        muted={autoplay}
        style={{ filter }}
        className="h-full w-full object-contain transition-[filter]"
      />
    </div>
  );
}

function Unavailable({ what, messageId, attachment }: { what: string; messageId: string; attachment: AttachmentView }) {
  return (
    <p className="text-xs text-slate-600">
      The {what} {attachment.name} could not be shown (refused by the media checks, or unavailable).{" "}
      <a href={mediaHref(messageId, attachment.index, true)} className="text-indigo-700 underline" download>
        Download it
      </a>
    </p>
  );
}
