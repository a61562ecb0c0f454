import { Fragment } from "react";
import { StaffName } from "@/components/ui/staff-name";

export type PresentStaff = { id: string; name: string };

/** Who else has this item open, in words ("Ana (ana@example.com) is on this"). */
export function QueuePresence({ staff }: { staff: readonly PresentStaff[] }) {
  const named = staff.length > 3 ? staff.slice(0, 2) : staff;
  const parts = [...named.map((s) => <StaffName key={s.id} id={s.id} name={s.name} />), ...(staff.length > 3 ? [`${staff.length - 2} others`] : [])];
  return (
    <p className="inline-flex flex-wrap items-center gap-x-1.5 text-xs font-medium text-fuchsia-900">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-fuchsia-500" />
      <span>
        {parts.map((part, i) => (
          <Fragment key={i}>
            {i > 0 && (i === parts.length - 1 ? " and " : ", ")}
            {part}
          </Fragment>
        ))}{" "}
        {staff.length === 1 ? "is" : "are"} on this
      </span>
    </p>
  );
}
