import { AppLink } from "@/components/ui/app-link";
import type { StaffSession } from "@/lib/auth/session";
import type { Health } from "@/lib/health/health-schema";
import type { ReviewCounts as Counts } from "@/lib/review/model/review-counts-schema";
import { ChatServiceWarning } from "./chat-service-warning";
import { CommandPaletteButton } from "./command-palette-button";
import { GoToUser } from "./go-to-user";
import { MainNav } from "./main-nav";
import { ReviewCounts } from "./review-counts";
import { SignOutButton } from "./sign-out-button";

export function Header({
  staff,
  demo,
  health,
  counts,
  setUpFirst,
}: {
  staff: StaffSession;
  demo: boolean;
  health: { initial: Health; pollMs: number };
  /** The review counts as the page was made, when they could be read. */
  counts?: Counts;
  /** Policy wants two-factor set up before anything else (the API refuses this staff member meanwhile). */
  setUpFirst: boolean;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <AppLink href="/" className="text-base font-semibold tracking-tight text-slate-900">
          Moderation dashboard
        </AppLink>
        {demo && (
          <span
            className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300"
            title="No chat-service credentials are configured: the dashboard is talking to its bundled emulator."
          >
            Demo: local emulator
          </span>
        )}
        <MainNav role={staff.role} />
        {/* On a phone the counts and the Go to user box share a row that never wraps: as the counts
            change, the box narrows instead of the header re-wrapping. From `sm` on they are the header's own items. */}
        <div className="order-last flex w-full items-center gap-3 sm:contents">
          {/* The API refuses staff who must set up two-factor authentication first: no counts to show them. */}
          {!setUpFirst && (
            <div className="shrink-0">
              <ReviewCounts initial={counts} />
            </div>
          )}
          <div className="min-w-0 flex-1 sm:ml-auto sm:flex-none">
            <GoToUser />
          </div>
        </div>
        <div className="ml-auto flex items-center gap-3 text-sm sm:ml-0">
          {!setUpFirst && <CommandPaletteButton role={staff.role} />}
          <AppLink href="/account" className="text-right leading-tight hover:underline">
            {/* On a phone the address is read out, not shown: the role, the badge and Sign out then share one row. */}
            <span className="block font-medium text-slate-900 max-sm:sr-only">{staff.email}</span>
            <span className="block text-xs text-slate-500 capitalize">{staff.role}</span>
          </AppLink>
          <SignOutButton />
        </div>
      </div>
      <ChatServiceWarning initial={health.initial} pollMs={health.pollMs} />
    </header>
  );
}
