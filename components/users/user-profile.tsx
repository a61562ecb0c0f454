import { Avatar } from "@/components/ui/avatar";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";
import type { ChatUser } from "@/lib/chat/schemas";
import { safeLinkUrl } from "@/lib/users/safe-url";
import { userStatus } from "@/lib/users/user-status";

/** Who the user is, as the chat service says: picture, name, UID, role, status, joined, link. */
export function UserProfile({ user }: { user: ChatUser }) {
  return (
    <section aria-labelledby="user-name" className="space-y-4">
      <div className="flex items-start gap-4">
        <Avatar src={user.avatar} name={user.name} size="lg" />
        <div className="min-w-0 space-y-1">
          <h1 id="user-name" className="text-2xl font-semibold break-words">
            {user.name}
          </h1>
          <p className="text-sm text-slate-600">
            UID <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">{user.uid}</code>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <dt className="font-medium text-slate-600">Role</dt>
        <dd>{user.role ?? <Missing />}</dd>
        <dt className="font-medium text-slate-600">Status</dt>
        <dd>{user.status ? <Status status={user.status} /> : <Missing />}</dd>
        <dt className="font-medium text-slate-600">Created</dt>
        <dd>
          {user.createdAt === undefined ? (
            <Missing />
          ) : (
            <>
              {formatAbsolute(user.createdAt)} <span className="text-slate-500">(<TimeAgo seconds={user.createdAt} />)</span>
            </>
          )}
        </dd>
        <dt className="font-medium text-slate-600">Link</dt>
        <dd className="min-w-0 break-all">{user.link ? <UserLink link={user.link} /> : <Missing />}</dd>
      </dl>
    </section>
  );
}

function Missing() {
  return <span className="text-slate-500">Not given</span>;
}

function Status({ status }: { status: string }) {
  const { online, label } = userStatus(status);
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${online ? "bg-emerald-500" : "bg-slate-400"}`} />
      {label}
    </span>
  );
}

/** Only an http(s) address becomes a link; anything else (`javascript:…`) stays inert text. */
function UserLink({ link }: { link: string }) {
  const href = safeLinkUrl(link);
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-indigo-700 underline">
        {link}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <>
      <span className="font-mono text-slate-900">{link}</span>{" "}
      <span className="text-xs text-slate-500">(not a web address, shown as text)</span>
    </>
  );
}
