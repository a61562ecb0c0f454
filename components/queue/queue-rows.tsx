import type { ReactNode } from "react";
import { formatCount } from "@/lib/format/intl";
import { Avatar } from "@/components/ui/avatar";
import { DIRECT_MESSAGES } from "@/lib/review/model/queue-groups";
import type { GroupView, QueueItem, QueuePerson, SenderGroupSize } from "@/lib/review/model/review-schemas";
import { GroupName } from "./group-name";
import { DeactivatedBadge } from "./person-summary";

/** A group's header when the list is grouped: its sender or conversation, and its items and flags over the whole view. */
export type GroupHeaderData = SenderGroupSize & ({ by: "sender"; sender: QueuePerson } | { by: "conversation"; group: GroupView | null });

/** A group row's key is unique even if a group's items are ever split (a group per first item). */
export type QueueRow = { kind: "group"; group: GroupHeaderData; key: string } | { kind: "item"; item: QueueItem };

/** Which element of which item should take focus (the keyboard flow moves focus with the cursor). */
export type FocusRequest = { id: string; target: "row-toggle" | "note-input" | "policy-select"; seq: number };

/** What both ways of listing rows (whole, or virtualized) need from the queue. */
export type QueueRowsProps = {
  rows: QueueRow[];
  label: string;
  focusRequest: FocusRequest | null;
  /** False while the rows are of the previous view, the next one loading. */
  complete: boolean;
  renderItem: (item: QueueItem) => ReactNode;
  /** Called when the rows near the end are on screen: more can be loaded (undefined: nothing more to load now). */
  onNearEnd?: () => void;
};

export const rowKey = (row: QueueRow) => (row.kind === "group" ? row.key : row.item.id);

export const listBox = "rounded-lg border border-slate-200 bg-white";

/**
 * How long a focus request waits for its element. Counting frames was not enough: under load the
 * details' code or the policies could take longer than 20 frames, and focus was then left behind.
 */
const FOCUS_WAIT_MS = 5_000;

/**
 * Focuses the requested element once it can take focus: the row may be about to mount
 * (virtualized), its details still loading (the note field), or a control disabled until its
 * choices arrive (the policy picker). If the moderator moves focus elsewhere meanwhile, it is left
 * there. Returns a cancel.
 */
export function focusWhenMounted(request: FocusRequest): () => void {
  const selector = `[data-${request.target}="${CSS.escape(request.id)}"]`;
  const from = document.activeElement;
  const deadline = performance.now() + FOCUS_WAIT_MS;
  let frame = 0;
  const attempt = () => {
    // Focus falls to the body when its element leaves (a decided row); anywhere else, the moderator put it.
    const moved = document.activeElement !== from && document.activeElement !== document.body;
    if (moved) return;
    const element = document.querySelector<HTMLElement>(selector);
    if (element && !element.matches(":disabled")) element.focus();
    else if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** The element a request focuses, if it is in the DOM now. */
export function isMounted(request: FocusRequest): boolean {
  return document.querySelector(`[data-${request.target}="${CSS.escape(request.id)}"]`) !== null;
}

export function RowContent({ row, renderItem }: { row: QueueRow; renderItem: (item: QueueItem) => ReactNode }) {
  return row.kind === "group" ? <GroupHeader group={row.group} /> : renderItem(row.item);
}

function GroupHeader({ group }: { group: GroupHeaderData }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-100 px-4 py-3">
      {group.by === "sender" ? (
        <>
          <Avatar src={group.sender.avatar} name={group.sender.name} size="sm" />
          <h2 className="text-sm font-semibold break-all">{group.sender.name}</h2>
          <span className="font-mono text-xs text-slate-600">{group.sender.uid}</span>
          {group.sender.deactivated && <DeactivatedBadge />}
        </>
      ) : (
        <h2 className="text-sm font-semibold">{group.group ? <GroupName group={group.group} /> : DIRECT_MESSAGES}</h2>
      )}
      <span className="ml-auto text-xs font-medium text-slate-700">
        {formatCount(group.messageCount, "message")} · {formatCount(group.flagCount, "flag")}
      </span>
    </div>
  );
}
