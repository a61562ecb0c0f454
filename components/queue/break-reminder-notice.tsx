"use client";
import { useId } from "react";
import { useToast } from "@/components/ui/toaster";
import { useUpdateMyPreferences } from "@/lib/queries/preferences";
import { rowButton } from "./queue-styles";

/** The break reminder itself: dismiss it until the next stretch, or turn reminders off (the moderator's own preference). */
export function BreakReminderNotice({ minutes, onDismiss }: { minutes: number; onDismiss: () => void }) {
  const headingId = useId();
  const update = useUpdateMyPreferences();
  const toast = useToast();
  const turnOff = () =>
    update.mutate({ breakReminderMinutes: 0 }, { onSuccess: () => toast({ tone: "success", message: "Break reminders are off. Turn them on again on your account page." }) });
  return (
    <section
      aria-labelledby={headingId}
      className="fixed right-4 bottom-4 left-4 z-40 space-y-2 rounded-md bg-white p-3 text-sm shadow-lg ring-1 ring-slate-300 sm:left-auto sm:max-w-sm"
    >
      <h2 id={headingId} className="font-semibold text-slate-900">
        Break reminder
      </h2>
      <p className="text-slate-700">You have been reviewing for {minutes} minutes without a pause. A few minutes away from the screen helps.</p>
      {update.isError && (
        <p role="alert" className="text-red-700">
          {update.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onDismiss} className={rowButton}>
          Dismiss
        </button>
        <button type="button" onClick={turnOff} disabled={update.isPending} className={rowButton}>
          {update.isPending ? "Turning off…" : "Turn off reminders"}
        </button>
      </div>
    </section>
  );
}
