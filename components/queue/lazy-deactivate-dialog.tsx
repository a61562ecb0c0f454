"use client";
import dynamic from "next/dynamic";

/**
 * The deactivation confirmation, loaded when it is first opened: most visits never open it. The
 * empty loading state gives it a boundary of its own, so loading it never suspends the page.
 */
export const LazyDeactivateSendersDialog = dynamic(() => import("./deactivate-senders-dialog").then((m) => m.DeactivateSendersDialog), {
  loading: () => null,
});
