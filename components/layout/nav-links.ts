/** The dashboard's pages, declared once: the main navigation shows those marked `nav`, the command palette all. */
export const PAGES: { href: string; label: string; adminOnly?: boolean; nav?: true }[] = [
  { href: "/", label: "Queue", nav: true },
  { href: "/users", label: "Users", nav: true },
  { href: "/users/deactivate", label: "Deactivate users in bulk" },
  { href: "/admin/api-keys", label: "API keys", adminOnly: true, nav: true },
  { href: "/admin/audit", label: "Audit log", adminOnly: true, nav: true },
  { href: "/admin/staff", label: "Staff", adminOnly: true, nav: true },
  { href: "/admin/protected", label: "Protected users", adminOnly: true, nav: true },
  { href: "/admin/policies", label: "Policies", adminOnly: true, nav: true },
  { href: "/admin/transparency", label: "Transparency", adminOnly: true, nav: true },
  { href: "/account", label: "My account" },
];
