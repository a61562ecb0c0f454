"use client";
import { useState } from "react";
import type { QueueFlag } from "@/lib/review/model/review-schemas";
import { MuteReporterDialog } from "./mute-reporter-dialog";
import { ReporterRecordBadge } from "./reporter-record-badge";
import { UnmuteReporterDialog } from "./unmute-reporter-dialog";

const linkButton = "text-xs font-medium text-indigo-700 underline";

/**
 * Under a flagger's name on an item: their record, whether this flag is set aside, and muting
 * them (any moderator) or unmuting them (admins only, as the server insists).
 */
export function FlagReporter({ flag, admin }: { flag: QueueFlag; admin: boolean }) {
  const [asking, setAsking] = useState<"mute" | "unmute" | null>(null);
  const reporter = { uid: flag.uid, name: flag.name };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <ReporterRecordBadge record={flag.reporter} />
      {flag.setAsideAt !== undefined && <span className="text-xs font-medium text-violet-900">Set aside: this flag no longer keeps the item open</span>}
      {!flag.reporter.muted && (
        <button type="button" className={linkButton} onClick={() => setAsking("mute")}>
          Mute {flag.name}
        </button>
      )}
      {flag.reporter.muted && admin && (
        <button type="button" className={linkButton} onClick={() => setAsking("unmute")}>
          Unmute {flag.name}
        </button>
      )}
      {asking === "mute" && <MuteReporterDialog reporter={reporter} onClose={() => setAsking(null)} />}
      {asking === "unmute" && <UnmuteReporterDialog reporter={reporter} onClose={() => setAsking(null)} />}
    </div>
  );
}
