import { AppLink } from "@/components/ui/app-link";
import { Avatar } from "@/components/ui/avatar";
import type { QueuePerson } from "@/lib/review/model/review-schemas";
import { userHref } from "@/lib/users/user-href";
import { userStatus } from "@/lib/users/user-status";

/** A user as the queue shows them: avatar, name linking to the user page, UID, role, status, deactivated. */
export function PersonSummary({ person, caption }: { person: Pick<QueuePerson, "uid" | "name" | "avatar" | "role" | "status"> & { deactivated?: boolean }; caption?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Avatar src={person.avatar} name={person.name} size="sm" />
      <div className="min-w-0 text-sm">
        {caption && <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{caption}</p>}
        <p className="flex flex-wrap items-center gap-x-2">
          <AppLink href={userHref(person.uid)} className="font-medium break-all text-slate-900 underline-offset-2 hover:underline">
            {person.name}
          </AppLink>
          {person.deactivated && <DeactivatedBadge />}
        </p>
        <p className="text-xs break-words text-slate-600">
          <span className="font-mono break-all">{person.uid}</span>
          {person.role && <> · role {person.role}</>}
          {person.status && <Status status={person.status} />}
        </p>
      </div>
    </div>
  );
}

function Status({ status }: { status: string }) {
  const { online, label } = userStatus(status);
  return (
    <>
      {" · "}
      <span className={online ? "text-emerald-700" : undefined}>
        <span aria-hidden="true">{online ? "● " : "○ "}</span>
        {label}
      </span>
    </>
  );
}

export function DeactivatedBadge() {
  return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 ring-1 ring-red-300">Deactivated</span>;
}
