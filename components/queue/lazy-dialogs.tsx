"use client";
import { lazyPart } from "@/components/ui/lazy-part";

// Confirmations load when first opened: most visits never open them.
export const LazyDeactivateSendersDialog = lazyPart(() => import("@/components/review/deactivate-senders-dialog").then((m) => m.DeactivateSendersDialog));
export const LazyPinConfirmDialog = lazyPart(() => import("./pin-confirm-dialog").then((m) => m.PinConfirmDialog));
export const LazyTakeoverDialog = lazyPart(() => import("./takeover-dialog").then((m) => m.TakeoverDialog));
