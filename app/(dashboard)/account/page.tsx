import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorSettings } from "@/components/account/two-factor-settings";
import { twoFactorCompulsoryMessage } from "@/lib/account/manage-account";
import { requirePageSession } from "@/lib/auth/page-session";
import { mustSetUpTwoFactor, twoFactorRequired } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ setup?: string }> }) {
  const staff = await requirePageSession({ allowTwoFactorSetup: true });
  const required = mustSetUpTwoFactor(staff) || (await searchParams).setup === "two-factor";
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
      {!mustSetUpTwoFactor(staff) && <ChangePasswordForm />}
    </section>
  );
}
