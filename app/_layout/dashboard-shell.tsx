import type { ReactNode } from "react";
import { mustSetUpTwoFactor, type StaffSession } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { startHealthMonitor } from "@/lib/health/service";
import { log } from "@/lib/log";
import { healthPollMs } from "@/lib/queries/health";
import { countReviewItemsNow } from "@/lib/review/server/review-counts";
import { Header } from "@/components/layout/header";

/**
 * The signed-in page frame: skip link, header with navigation, and the main region. The dashboard's
 * layout puts every page in it; the not-found page too, when a staff member is signed in. It reads
 * the server's state, so it lives beside the routes (a private folder), not among the components.
 */
export async function DashboardShell({ staff, children }: { staff: StaffSession; children: ReactNode }) {
  // A failure leaves the counts to the browser, which says so in the header.
  const setUpFirst = mustSetUpTwoFactor(staff);
  const counts = setUpFirst
    ? undefined
    : await countReviewItemsNow(await db()).catch((error: unknown) => {
        log().warn({ err: error }, "the review counts could not be read for the page header; the browser fetches them");
        return undefined;
      });
  return (
    <>
      {/* The browser does not paint until the header is parsed whole. A paint between two of its parts
          (the HTML streams) would show the phone layout's lower rows, then push them down under the pointer. */}
      <link rel="expect" href="#main" blocking="render" />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header
        staff={staff}
        demo={env().chat.mode === "emulator"}
        health={{ initial: startHealthMonitor().snapshot(), pollMs: healthPollMs(env().HEALTH_CHECK_MS) }}
        counts={counts}
        setUpFirst={setUpFirst}
      />
      <main id="main" className="mx-auto max-w-7xl px-4 py-4 sm:py-6">
        {children}
      </main>
    </>
  );
}
