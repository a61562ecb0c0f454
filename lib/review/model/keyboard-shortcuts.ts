/** The queue's keyboard commands, declared once: the handler and the "?" help both read this table. */
export const QUEUE_SHORTCUTS = [
  { key: "j", command: "next", label: "Next item" },
  { key: "k", command: "previous", label: "Previous item" },
  { key: "x", command: "select", label: "Select or unselect the item" },
  { key: "o", command: "expand", label: "Show or hide the item's details (also Enter)" },
  { key: "m", command: "media", label: "Show or hide the item's images and videos (this item's only)" },
  { key: "Enter", command: "expand", label: "Show or hide the item's details" },
  { key: "p", command: "pin", label: "Pin the message as the app (asks first)" },
  { key: "d", command: "deactivate", label: "Deactivate the sender (asks first): what a strike recommendation offers" },
  { key: "r", command: "resolve", label: "Resolve under the preselected policy (opens the picker if one is required and none is chosen)" },
  { key: "e", command: "dismiss", label: "Dismiss" },
  { key: "c", command: "claim", label: "Claim, or unclaim if it is yours" },
  { key: "n", command: "note", label: "Write a note" },
  { key: "z", command: "undo", label: "Undo your last change (for 10 seconds after it)" },
  { key: "/", command: "search", label: "Search" },
  { key: "?", command: "help", label: "Show these shortcuts" },
] as const;

export type QueueCommand = (typeof QUEUE_SHORTCUTS)[number]["command"];

export type KeyEventLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
};

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"]);

/** Whether keys typed here are text: an editable field or a control that uses letters itself. */
export function isTypingTarget(target: KeyEventLike["target"]): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && TEXT_INPUT_TYPES.has((target.type ?? "text").toLowerCase());
}

/**
 * The command a key press means, or null. Never while typing in a field or with a modifier held
 * (those belong to the browser), and Enter only where it would not already press a button or
 * follow a link.
 */
export function commandForKey(event: KeyEventLike): QueueCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  if (event.key === "Enter") {
    const tag = event.target?.tagName?.toUpperCase();
    if (tag === "BUTTON" || tag === "A" || tag === "INPUT" || tag === "SUMMARY") return null;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  // "?" and "/" share a key; the letter shortcuts are lower case whatever Shift or Caps Lock say.
  const found = QUEUE_SHORTCUTS.find((s) => s.key === (event.key === "?" || event.key === "/" ? event.key : key));
  return found?.command ?? null;
}
