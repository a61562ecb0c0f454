"use client";
import { useRouter } from "next/navigation";
import { useRegenerateRecoveryCodes, useTurnOffTwoFactor } from "@/lib/queries/account-mutations";
import { PasswordConfirmForm } from "./password-confirm-form";
import { RecoveryCodeList } from "./recovery-code-list";

/** Two-factor is on: new recovery codes (the old ones stop working), and turning it off unless policy keeps it on. */
export function TwoFactorManage({ turnOffRefusal }: { turnOffRefusal?: string }) {
  const router = useRouter();
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const error = regenerate.error ?? turnOff.error;
  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="two-factor-heading" className="font-semibold">
        Two-factor authentication
      </h2>
      <p className="text-sm text-emerald-800">On: sign-in asks for a code from your authenticator app.</p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {error.message}
        </p>
      )}
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold">Recovery codes</h3>
        {regenerate.data ? (
          <div role="status" className="text-sm">
            New recovery codes; your old ones no longer work. Keep these somewhere safe, they are shown only now:
            <RecoveryCodeList codes={regenerate.data.data.recoveryCodes} />
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-600">Used some, or afraid someone saw them? Make new ones: the old codes stop working at once.</p>
            <PasswordConfirmForm
              name="New recovery codes"
              submitLabel="Make new recovery codes"
              pending={regenerate.isPending}
              onSubmit={(password) => {
                turnOff.reset();
                regenerate.mutate({ password });
              }}
            />
          </>
        )}
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold">Turn off</h3>
        {turnOffRefusal ? (
          <p className="text-sm text-slate-600">{turnOffRefusal}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600">Sign-in will ask for your password alone.</p>
            <PasswordConfirmForm
              name="Turn off two-factor authentication"
              submitLabel="Turn off two-factor authentication"
              danger
              pending={turnOff.isPending}
              onSubmit={(password) => {
                regenerate.reset();
                turnOff.mutate({ password }, { onSuccess: () => router.refresh() });
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
