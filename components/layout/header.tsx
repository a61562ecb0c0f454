import { AppLink } from "@/components/ui/app-link";
import { mustSetUpTwoFactor, type StaffSession } from "@/lib/auth/session";
import type { Health } from "@/lib/health/health-schema";
import type { ReviewCounts as Counts } from "@/lib/review/review-counts-schema";
import { ChatServiceWarning } from "./chat-service-warning";
import { GoToUser } from "./go-to-user";
import { MainNav } from "./main-nav";
import { ReviewCounts } from "./review-counts";
import { SignOutButton } from "./sign-out-button";

export function Header({
  staff,
  demo,
  health,
  counts,
}: {
  staff: StaffSession;
  demo: boolean;
  health: { initial: Health; pollMs: number };
  /** The review counts as the page was made, when they could be read. */
  counts?: Counts;
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
        {/* The API refuses staff who must set up two-factor authentication first: no counts to show them.
            On a phone the counts have a row of their own: as they change, their width must not re-wrap the header. */}
        {!mustSetUpTwoFactor(staff) && (
          <div className="order-last w-full sm:order-none sm:w-auto">
            <ReviewCounts initial={counts} />
          </div>
        )}
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
          <GoToUser />
        </div>
        <div className="ml-auto flex items-center gap-3 text-sm sm:ml-0">
          <AppLink href="/account" className="text-right leading-tight hover:underline">
            <span className="block font-medium text-slate-900">{staff.email}</span>
            <span className="block text-xs text-slate-500 capitalize">{staff.role}</span>
          </AppLink>
          <SignOutButton />
        </div>
      </div>
      <ChatServiceWarning initial={health.initial} pollMs={health.pollMs} />
    </header>
  );
}
