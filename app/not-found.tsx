import { headers } from "next/headers";
import { DashboardShell } from "@/app/_layout/dashboard-shell";
import { AppLink } from "@/components/ui/app-link";
import { getStaffSession } from "@/lib/auth/session";

/**
 * Every address that matches no page, and notFound() outside a segment with its own page. Signed
 * in, it sits in the dashboard's frame, so the header and navigation lead on; signed out (the API's
 * paths, or a session that has just ended), it leads to sign-in.
 */
export default async function NotFound() {
  const staff = await getStaffSession(await headers());
  const message = (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address. Check the link, or {staff ? "go back to the queue" : "sign in"}.</p>
      <AppLink href={staff ? "/" : "/sign-in"} className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
        {staff ? "Back to the queue" : "Sign in"}
      </AppLink>
    </section>
  );
  return staff ? <DashboardShell staff={staff}>{message}</DashboardShell> : <main className="px-4">{message}</main>;
}
