"use client";
import { usePathname } from "next/navigation";
import { AppLink } from "@/components/ui/app-link";
import type { StaffRole } from "@/lib/db/schema";
import { PAGES, offeredTo } from "./nav-links";

const linkClass = (active: boolean) => `block rounded-md px-2 py-1.5 whitespace-nowrap sm:px-3 ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/**
 * The main navigation. On a phone the admins' pages sit behind one "Admin" disclosure, so the
 * navigation stays one row and the queue's first item stays near the top; from `sm` on they are
 * links of their own. A native <details>: it works before any JavaScript and by keyboard.
 */
export function MainNav({ role }: { role: StaffRole }) {
  const pathname = usePathname();
  const isActive = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  const shown = PAGES.filter((link) => link.nav && offeredTo(link, role));
  const adminPages = shown.filter((link) => link.adminOnly);
  const adminActive = adminPages.some((link) => isActive(link.href));
  const link = (page: (typeof PAGES)[number]) => (
    <AppLink href={page.href} aria-current={isActive(page.href) ? "page" : undefined} className={linkClass(isActive(page.href))}>
      {page.short ? (
        <>
          <span className="sm:hidden">{page.short}</span>
          <span className="max-sm:hidden">{page.label}</span>
        </>
      ) : (
        page.label
      )}
    </AppLink>
  );
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap gap-1 text-sm">
        {shown.map((page) => (
          <li key={page.href} className={page.adminOnly ? "max-sm:hidden" : undefined}>
            {link(page)}
          </li>
        ))}
        {adminPages.length > 0 && (
          <li className="sm:hidden">
            {/* Closed again by every navigation (a new key), like a menu. */}
            <details key={pathname} className="relative">
              <summary className={`${linkClass(adminActive)} cursor-pointer list-none`}>Admin ▾</summary>
              <ul className="absolute left-0 z-20 mt-1 w-48 space-y-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                {adminPages.map((page) => (
                  <li key={page.href}>{link(page)}</li>
                ))}
              </ul>
            </details>
          </li>
        )}
      </ul>
    </nav>
  );
}
