"use client";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { conversationOptions } from "@/lib/queries/conversation";
import type { ContextMessage } from "@/lib/review/model/conversation-schemas";
import { contentSummary } from "@/lib/review/model/content-words";
import type { QueueItem } from "@/lib/review/model/review-schemas";
import { rowButton } from "./queue-styles";

/**
 * The messages just before and after a flagged one in its conversation, loaded when the moderator
 * asks (each opening would otherwise cost two calls to the chat service), the flagged one marked.
 */
export function ConversationContext({ item }: { item: QueueItem }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section aria-label="Conversation around this message" className="space-y-2">
      <button type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)} className={rowButton}>
        {open ? "Hide conversation" : "Show conversation"}
      </button>
      <div id={regionId}>{open && <ConversationMessages item={item} />}</div>
    </section>
  );
}

function ConversationMessages({ item }: { item: QueueItem }) {
  const query = useQuery(conversationOptions(item));
  if (query.isPending) return <p className="text-xs text-slate-600">Loading the conversation…</p>;
  if (query.isError) return <ErrorState title="The conversation could not be loaded." error={query.error} onRetry={() => void query.refetch()} />;
  const { before, after, unreadable } = query.data;
  const flagged: ContextMessage = {
    id: item.id,
    sender: item.sender.uid,
    senderName: item.sender.name,
    sentAt: item.sentAt,
    text: item.text,
    summary: contentSummary(item.content),
  };
  return (
    <div className="space-y-1">
      {before.length === 0 && after.length === 0 && <p className="text-xs text-slate-600">No other messages before or after this one in the conversation.</p>}
      <ol className="space-y-1 rounded-md border border-slate-200 bg-white p-2 text-sm">
        {before.map((m) => (
          <ContextRow key={m.id} message={m} />
        ))}
        <ContextRow message={flagged} flagged />
        {after.map((m) => (
          <ContextRow key={m.id} message={m} />
        ))}
      </ol>
      {unreadable > 0 && <p className="text-xs text-slate-600">{unreadable} more could not be read and are left out.</p>}
    </div>
  );
}

function ContextRow({ message, flagged = false }: { message: ContextMessage; flagged?: boolean }) {
  return (
    <li aria-current={flagged ? "true" : undefined} data-context-id={message.id} className={`rounded px-2 py-1 ${flagged ? "bg-amber-50 ring-2 ring-amber-400" : ""}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-medium text-slate-900">{message.senderName}</span>
        {message.sentAt !== undefined && <TimeAgo seconds={message.sentAt} />}
        {flagged && <span className="font-semibold text-amber-900">Flagged message</span>}
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-900">{message.text || <em className="text-slate-600">{message.summary ?? "(no text)"}</em>}</p>
      {message.text && message.summary && <p className="text-xs text-slate-600">{message.summary}</p>}
    </li>
  );
}
