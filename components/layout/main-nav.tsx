"use client";
import { usePathname } from "next/navigation";
import { AppLink } from "@/components/ui/app-link";
import type { StaffRole } from "@/lib/db/schema";
import { PAGES } from "./nav-links";

export function MainNav({ role }: { role: StaffRole }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap gap-1 text-sm">
        {PAGES.filter((link) => link.nav && (!link.adminOnly || role === "admin"))
          .map((link) => {
            const active = link.href === "/" ? pathname === "/" : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <AppLink
                  href={link.href}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-md px-2 py-1.5 whitespace-nowrap sm:px-3 ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {link.label}
                </AppLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
