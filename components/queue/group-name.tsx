import { Avatar } from "@/components/ui/avatar";
import type { GroupView } from "@/lib/review/model/review-schemas";

/** The group a message was sent to: icon, name and member count (the dashboard has no group page to link). */
export function GroupName({ group, caption }: { group: GroupView; caption?: string }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2 text-sm">
      <Avatar src={group.icon} name={group.name} size="sm" />
      <span className="min-w-0">
        {caption && <span className="block text-xs font-medium tracking-wide text-slate-500 uppercase">{caption}</span>}
        <span className="break-all text-slate-700">
          <span className="sr-only">the group </span>
          <span className="font-medium">{group.name}</span>
          <span className="ml-1 rounded bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-900 ring-1 ring-violet-200">
            Group{group.membersCount === undefined ? "" : ` · ${group.membersCount} ${group.membersCount === 1 ? "member" : "members"}`}
          </span>
        </span>
        {caption && <span className="block font-mono text-xs break-all text-slate-600">{group.guid}</span>}
      </span>
    </span>
  );
}
