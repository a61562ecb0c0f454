import { TimeAgo } from "@/components/ui/time-ago";
import { UPSTREAM_EFFECT } from "@/lib/review/model/decision-effects";
import type { WriteBack } from "@/lib/review/model/review-schemas";

/** Where the item's decision stands with the chat service (lib/review/server/decision-outbox.ts). */
export function WriteBackSummary({ writeBack }: { writeBack: WriteBack }) {
  const effect = UPSTREAM_EFFECT[writeBack.status];
  if (writeBack.state === "refused") {
    return (
      <p className="rounded-md border border-red-200 bg-red-50 p-2 text-red-900" data-testid="write-back">
        The chat service refused this decision ({writeBack.error ?? "no reason given"}). It still lists the message as flagged, and did not apply it: {effect} has not happened
        there.
      </p>
    );
  }
  if (writeBack.state === "sent") {
    return (
      <p className="text-slate-700" data-testid="write-back">
        Written to the chat service <TimeAgo seconds={writeBack.at} />: {effect}.
      </p>
    );
  }
  return (
    <p className="text-slate-700" data-testid="write-back">
      {writeBack.attempts === 0 ? (
        <>Not yet written to the chat service: it is sent once the undo time has passed, and then {effect}.</>
      ) : (
        <>
          Not yet written to the chat service ({writeBack.error ?? "it did not answer"}); trying again <TimeAgo seconds={writeBack.at} />. Then {effect}.
        </>
      )}
    </p>
  );
}
