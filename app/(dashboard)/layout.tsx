import type { ReactNode } from "react";
import { Header } from "@/components/layout/header";
import { requirePageSession } from "@/lib/auth/page-session";
import { mustSetUpTwoFactor } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { startHealthMonitor } from "@/lib/health/service";
import { healthPollMs } from "@/lib/queries/health";
import { countReviewItemsNow } from "@/lib/review/review-counts";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const staff = await requirePageSession({ allowTwoFactorSetup: true });
  // A failure leaves the counts to the browser, which says so in the header.
  const counts = mustSetUpTwoFactor(staff) ? undefined : await countReviewItemsNow(await db()).catch(() => undefined);
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
      />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </>
  );
}
