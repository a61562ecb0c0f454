import { DEFAULT_VIEW, foldText, queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";
import { userHref } from "@/lib/users/user-href";
import type { StaffRole } from "@/lib/auth/roles";
import { PAGES, offeredTo } from "./nav-links";

/** One thing the command palette can jump to. */
export type PaletteCommand = { key: string; section: "Go to" | "Pages" | "Saved views"; label: string; href: string };

export type PaletteSources = { role: StaffRole; savedViews: readonly { id: number; name: string; view: QueueView }[] };

/** The most the palette lists at once: typing narrows it. */
export const MAX_PALETTE_COMMANDS = 12;
/** Longer than any UID or message id the chat service gives out: beyond this a query is text to search for. */
const MAX_JUMP_LENGTH = 100;

const queueHref = (view: Partial<QueueView>) => `/${queueViewToSearch({ ...DEFAULT_VIEW, ...view })}`;

/**
 * What the palette offers for what was typed: a single word may be an item's message id (found
 * by the queue's search over every tab) or a user's UID (their page); more words search the queue.
 * Then the pages this role may open and the saved views whose names match.
 */
export function paletteCommands(query: string, { role, savedViews }: PaletteSources): PaletteCommand[] {
  const typed = query.trim();
  const folded = foldText(typed);
  const matches = (label: string) => folded === "" || foldText(label).includes(folded);
  const jumps: PaletteCommand[] = [];
  if (typed && !/\s/.test(typed) && typed.length <= MAX_JUMP_LENGTH) {
    jumps.push({ key: "item", section: "Go to", label: `Item with message id ${typed}`, href: queueHref({ tab: "all", q: typed }) });
    jumps.push({ key: "user", section: "Go to", label: `User ${typed}`, href: userHref(typed) });
  } else if (typed) {
    jumps.push({ key: "search", section: "Go to", label: `Search the queue for “${typed.slice(0, 200)}”`, href: queueHref({ tab: "all", q: typed.slice(0, 200) }) });
  }
  const pages = PAGES.filter((page) => offeredTo(page, role) && matches(page.label)).map(
    (page): PaletteCommand => ({ key: `page:${page.href}`, section: "Pages", label: page.label, href: page.href }),
  );
  const views = savedViews
    .filter((saved) => matches(saved.name))
    .map((saved): PaletteCommand => ({ key: `view:${saved.id}`, section: "Saved views", label: saved.name, href: `/${queueViewToSearch(saved.view)}` }));
  return [...jumps, ...pages, ...views].slice(0, MAX_PALETTE_COMMANDS);
}
