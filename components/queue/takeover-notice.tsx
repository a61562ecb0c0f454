import { StaffName } from "@/components/ui/staff-name";
import { onThis, type StaffRef } from "@/lib/review/model/transitions";
import { rowButton } from "./queue-styles";

/**
 * Shown on opening an item a colleague holds, before anything is done on it: take it over (the
 * claim becomes the moderator's) or leave it to them (the details close).
 */
export function TakeoverNotice({ holder, onTakeOver, onLeave }: { holder: StaffRef; onTakeOver: () => void; onLeave: () => void }) {
  return (
    <section aria-label={onThis(holder)} className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-2 text-amber-950 ring-1 ring-amber-300">
      <p className="mr-auto">
        <StaffName id={holder.id} name={holder.name} /> is on this.
      </p>
      <button type="button" onClick={onTakeOver} className={rowButton}>
        Take over from {holder.name}
      </button>
      <button type="button" onClick={onLeave} className={rowButton}>
        Leave it
      </button>
    </section>
  );
}
