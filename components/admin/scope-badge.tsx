import type { ApiKeyScope } from "@/lib/chat/schemas";

/** Each kind of key in words; what each can do is said once, on the server-rendered keys page. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = { fullAccess: "Full access", authOnly: "Sign-in only" };

const looks: Record<ApiKeyScope, string> = {
  fullAccess: "bg-red-50 text-red-800 ring-red-300",
  authOnly: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** The kind of key in words; full access is marked as the powerful one. */
export function ScopeBadge({ scope }: { scope: ApiKeyScope }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${looks[scope]}`}>
      {scope === "fullAccess" && <span aria-hidden="true">⚠</span>}
      {SCOPE_LABELS[scope]}
    </span>
  );
}
