"use client";
import { usePathname } from "next/navigation";
import { AppLink } from "@/components/ui/app-link";
import type { StaffRole } from "@/lib/db/schema";

/**
 * `short`: the words shown on a phone, where every link must fit one row above the queue; the link
 * keeps its full name for assistive technology (the short words are part of it).
 */
const links: { href: string; label: string; short?: string; adminOnly?: boolean }[] = [
  { href: "/", label: "Queue" },
  { href: "/users", label: "Users" },
  { href: "/admin/api-keys", label: "API keys", short: "Keys", adminOnly: true },
  { href: "/admin/audit", label: "Audit log", short: "Audit", adminOnly: true },
  { href: "/admin/staff", label: "Staff", adminOnly: true },
  { href: "/admin/policies", label: "Policies", adminOnly: true },
];

export function MainNav({ role }: { role: StaffRole }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap gap-1 text-sm">
        {links
          .filter((link) => !link.adminOnly || role === "admin")
          .map((link) => {
            const active = link.href === "/" ? pathname === "/" : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <AppLink
                  href={link.href}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-md px-1.5 py-1.5 whitespace-nowrap sm:px-3 ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                  aria-label={link.short ? link.label : undefined}
                >
                  {link.short ? (
                    <>
                      <span className="sm:hidden">{link.short}</span>
                      <span className="max-sm:hidden">{link.label}</span>
                    </>
                  ) : (
                    link.label
                  )}
                </AppLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
