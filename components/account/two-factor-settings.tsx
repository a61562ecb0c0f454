"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { authRequest } from "@/lib/auth/auth-request";
import { groupForTyping } from "@/lib/text/group-for-typing";
import { buttonClass, inputClass } from "./account-styles";
import { PasswordConfirmForm } from "./password-confirm-form";
import { RecoveryCodeList } from "./recovery-code-list";
import { TwoFactorManage } from "./two-factor-manage";

type Setup = { totpURI: string; backupCodes: string[] };

/** Drawn only once set-up starts, so the QR code's library is not part of the account page's first load. */
const TotpQrCode = lazyPart(() => import("./totp-qr-code").then((m) => m.TotpQrCode), {
  fallback: <div aria-hidden="true" className="h-44 w-44 shrink-0 animate-pulse rounded-md bg-slate-100" />,
});

/**
 * TOTP set-up: confirm the password, add the key to an authenticator app (QR code or typed), prove
 * it with a code. Once on: new recovery codes, and turning it off where policy allows.
 * `turnOffRefusal`: why policy keeps it on for this account, when it does.
 */
export function TwoFactorSettings({ enabled, turnOffRefusal }: { enabled: boolean; turnOffRefusal?: string }) {
  const router = useRouter();
  const [setup, setSetup] = useState<Setup>();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function start(password: string) {
    setPending(true);
    setError(undefined);
    const { data, error } = await authRequest<Setup>("/two-factor/enable", { password });
    setPending(false);
    if (error) {
      return setError(error.status === 400 || error.status === 401 ? "That password is not right." : (error.message ?? "Could not start the set-up."));
    }
    setSetup({ totpURI: data.totpURI, backupCodes: data.backupCodes });
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code")).trim();
    setPending(true);
    setError(undefined);
    const { error } = await authRequest("/two-factor/verify-totp", { code });
    setPending(false);
    if (error) return setError("That code is not valid. Check the time on your device and try again.");
    setDone(true);
    router.refresh();
  }

  if (enabled && !setup) return <TwoFactorManage turnOffRefusal={turnOffRefusal} />;

  const secret = setup ? (new URL(setup.totpURI).searchParams.get("secret") ?? "") : "";
  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="two-factor-heading" className="font-semibold">
        Two-factor authentication
      </h2>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {!setup ? (
        <>
          <p className="text-sm text-slate-600">Off. Turn it on so a stolen password alone cannot act with the dashboard&apos;s key.</p>
          <PasswordConfirmForm name="Set up two-factor authentication" submitLabel="Set up two-factor authentication" pending={pending} onSubmit={start} />
        </>
      ) : done ? (
        <p className="text-sm text-emerald-800" role="status">
          Two-factor authentication is on.
        </p>
      ) : (
        <div className="space-y-4">
          <ol className="list-decimal space-y-3 pl-5 text-sm">
            <li>
              Scan this code with your authenticator app, or type the key (or open the{" "}
              <a className="text-indigo-700 underline" href={setup.totpURI}>
                set-up link
              </a>{" "}
              on your phone):
              <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
                <TotpQrCode uri={setup.totpURI} />
                <p>
                  <span className="block text-xs text-slate-600">Key</span>
                  <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-base break-words">
                    {groupForTyping(secret)}
                  </code>
                </p>
              </div>
            </li>
            <li>
              Keep these one-time recovery codes somewhere safe; each signs you in once without the app:
              <RecoveryCodeList codes={setup.backupCodes} />
            </li>
          </ol>
          <form onSubmit={verify} className="space-y-3">
            <label className="block text-sm font-medium">
              Code from the app
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required className={inputClass} />
            </label>
            <button type="submit" disabled={pending} className={buttonClass}>
              Turn on
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
