"use client";
import { useEffect, useState } from "react";
import { isBreakDue, noteActivity, snoozeStretch, type ReviewStretch } from "@/lib/wellbeing/model/review-stretch";
import { BreakReminderNotice } from "./break-reminder-notice";

/** How often the stretch is looked at: the reminder may come up to this much after it is due. */
const CHECK_MS = 30_000;

// Outside React, so a stretch goes on across the dashboard's own page changes (a look at a user's
// page is part of the review); a reload starts counting again.
let stretch: ReviewStretch | null = null;

/**
 * Whether a break reminder is due after `minutes` of continuous review on the queue (the rule:
 * lib/wellbeing/model/review-stretch.ts, tested with its clock passed in); 0 never reminds.
 */
function useBreakDue(minutes: number) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (minutes <= 0) return;
    const active = () => {
      stretch = noteActivity(stretch, Date.now());
    };
    const timer = setInterval(() => setDue(isBreakDue(stretch, Date.now(), minutes)), CHECK_MS);
    document.addEventListener("keydown", active, { capture: true, passive: true });
    document.addEventListener("pointerdown", active, { capture: true, passive: true });
    return () => {
      clearInterval(timer);
      document.removeEventListener("keydown", active, { capture: true });
      document.removeEventListener("pointerdown", active, { capture: true });
    };
  }, [minutes]);
  const snooze = () => {
    stretch = snoozeStretch(Date.now());
    setDue(false);
  };
  return { due: due && minutes > 0, snooze };
}

/** A polite reminder to take a break, in a corner: it never takes the focus nor blocks the queue's keys. */
export function BreakReminder({ minutes }: { minutes: number }) {
  const { due, snooze } = useBreakDue(minutes);
  return (
    <div aria-live="polite" className="contents">
      {due && <BreakReminderNotice minutes={minutes} onDismiss={snooze} />}
    </div>
  );
}
