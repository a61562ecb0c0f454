import type { ApiKeyScope } from "@/lib/chat/schemas";

const looks: Record<ApiKeyScope, { className: string; title: string }> = {
  fullAccess: {
    className: "bg-red-50 text-red-800 ring-red-300",
    title: "Full access: can call every operation of the chat service, including deactivating users.",
  },
  authOnly: {
    className: "bg-slate-100 text-slate-700 ring-slate-300",
    title: "Auth only: can sign users in, nothing else.",
  },
};

/** The scope as the service names it; fullAccess is marked as the powerful one. */
export function ScopeBadge({ scope }: { scope: ApiKeyScope }) {
  const look = looks[scope];
  return (
    <span title={look.title} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${look.className}`}>
      {scope === "fullAccess" && <span aria-hidden="true">⚠</span>}
      {scope}
      {scope === "fullAccess" && <span className="sr-only"> (powerful: every operation)</span>}
    </span>
  );
}
