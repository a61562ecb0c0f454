import type { StaffRole } from "@/lib/db/schema";

/** The dashboard's pages, declared once: the main navigation shows those marked `nav`, the command palette all. */
export const PAGES: {
  href: string;
  label: string;
  /** The navigation's word on a phone, where the moderators' links share one row; part of `label`, so the name a user sees is the name spoken. */
  short?: string;
  adminOnly?: boolean;
  moderatorOnly?: true;
  nav?: true;
}[] = [
  { href: "/", label: "Queue", nav: true },
  { href: "/users", label: "Users", nav: true },
  { href: "/users/deactivate", label: "Deactivate users in bulk" },
  { href: "/second-review", label: "Second review", nav: true },
  // The moderators' summary; admins have the whole page below, so they are offered that one only.
  { href: "/health", label: "Queue health", short: "Health", moderatorOnly: true, nav: true },
  { href: "/admin/health", label: "Queue health", adminOnly: true, nav: true },
  { href: "/admin/api-keys", label: "API keys", adminOnly: true, nav: true },
  { href: "/admin/audit", label: "Audit log", adminOnly: true, nav: true },
  { href: "/admin/staff", label: "Staff", adminOnly: true, nav: true },
  { href: "/admin/protected", label: "Protected users", adminOnly: true, nav: true },
  { href: "/admin/policies", label: "Policies", adminOnly: true, nav: true },
  { href: "/admin/transparency", label: "Transparency", adminOnly: true, nav: true },
  { href: "/account", label: "My account" },
];

/** Whether a page is offered to a role (the page checks the role again on the server). */
export function offeredTo(page: (typeof PAGES)[number], role: StaffRole): boolean {
  return role === "admin" ? !page.moderatorOnly : !page.adminOnly;
}
