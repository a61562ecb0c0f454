import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { PreferencesForm } from "@/components/account/preferences-form";
import { TwoFactorSettings } from "@/components/account/two-factor-settings";
import { twoFactorCompulsoryMessage } from "@/lib/account/manage-account";
import { requirePageSession } from "@/lib/auth/page-session";
import { mustSetUpTwoFactor, twoFactorRequired } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { myPreferencesOptions } from "@/lib/queries/preferences";
import { readMyPreferences } from "@/lib/wellbeing/server/staff-preferences";

export const metadata: Metadata = { title: "Your account" };

/** `?setup=two-factor`: sent here to set up two-factor first (lib/auth/page-session.ts). */
const loadAccountParams = createLoader({ setup: parseAsStringLiteral(["two-factor"] as const) });

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requirePageSession({ allowTwoFactorSetup: true });
  const settingUp = mustSetUpTwoFactor(staff);
  const required = settingUp || loadAccountParams(await searchParams).setup === "two-factor";
  const queryClient = makeQueryClient();
  if (!settingUp) await queryClient.prefetchQuery({ ...myPreferencesOptions(), queryFn: async () => ({ data: await readMyPreferences(await db(), staff.id) }) });
  return (
    <section aria-labelledby="account-heading" className="max-w-2xl space-y-6">
      <div>
        <h1 id="account-heading" className="text-2xl font-semibold">
          Your account
        </h1>
        <p className="text-sm text-slate-600">
          {staff.name} · {staff.email} · <span className="capitalize">{staff.role}</span>
        </p>
      </div>
      {required && !staff.twoFactorEnabled && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Your role needs two-factor authentication. Set it up below before using the dashboard.
        </p>
      )}
      <TwoFactorSettings enabled={staff.twoFactorEnabled} turnOffRefusal={twoFactorRequired(staff.role) ? twoFactorCompulsoryMessage(staff.role) : undefined} />
      {/* The account's routes, like every other, wait until a required set-up is done. */}
      {!settingUp && <ChangePasswordForm />}
      {!settingUp && (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <PreferencesForm />
        </HydrationBoundary>
      )}
    </section>
  );
}
