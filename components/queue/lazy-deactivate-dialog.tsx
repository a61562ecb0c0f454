"use client";
import { lazyPart } from "@/components/ui/lazy-part";

/** The deactivation confirmation, loaded when it is first opened: most visits never open it. */
export const LazyDeactivateSendersDialog = lazyPart(() => import("./deactivate-senders-dialog").then((m) => m.DeactivateSendersDialog));
