"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { authRequest } from "@/lib/auth/auth-request";

type Step = "password" | "second-factor";

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-600";

/** `returnTo`: the page to go back to afterwards, already checked to be one of the dashboard's (lib/auth/return-path.ts). */
export function SignInForm({ sso, returnTo = "/" }: { sso?: string; returnTo?: string }) {
  const router = useRouter();
  const [step, setStep] = useState<Step>("password");
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const finish = () => {
    router.replace(returnTo);
    router.refresh();
  };

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const { data, error } = await authRequest<{ twoFactorRedirect?: boolean }>("/sign-in/email", {
      email: String(form.get("email")),
      password: String(form.get("password")),
    });
    setPending(false);
    // An account's sign-in delay says how long to wait (lib/auth/sign-in-throttle-hooks.ts).
    if (error) return setError(error.status === 429 && error.message ? error.message : signInMessage(error.status, error.message));
    if (data?.twoFactorRedirect) return setStep("second-factor");
    finish();
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code")).trim();
    setPending(true);
    setError(undefined);
    const { error } = await authRequest(useRecovery ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp", { code });
    setPending(false);
    if (error) {
      // Past the allowed tries the pending sign-in is gone: only the password step can start another.
      if (error.status !== 401 && error.status !== 429) setStep("password");
      return setError(codeMessage(error.status, useRecovery));
    }
    finish();
  }

  return (
    <div className="mt-6 space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {step === "password" ? (
        <form onSubmit={submitPassword} className="space-y-4">
          <label className="block text-sm font-medium">
            Email
            <input name="email" type="email" autoComplete="username" required className={inputClass} />
          </label>
          <label className="block text-sm font-medium">
            Password
            <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
          </label>
          <button type="submit" disabled={pending} className="w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
            {pending ? "Signing in…" : "Sign in"}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="space-y-4">
          <label className="block text-sm font-medium">
            {useRecovery ? "Recovery code" : "Authentication code"}
            <input
              key={useRecovery ? "recovery" : "totp"}
              name="code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? "text" : "numeric"}
              required
              autoFocus
              className={inputClass}
            />
          </label>
          <button type="submit" disabled={pending} className="w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
            {pending ? "Checking…" : "Verify"}
          </button>
          <button type="button" className="text-sm text-indigo-700 underline" onClick={() => setUseRecovery((v) => !v)}>
            {useRecovery ? "Use an authenticator code" : "Use a recovery code instead"}
          </button>
        </form>
      )}
      {sso && step === "password" && (
        <button
          type="button"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
          onClick={async () => {
            const { data, error } = await authRequest<{ url?: string }>("/sign-in/social", {
              provider: "oidc",
              callbackURL: returnTo,
              errorCallbackURL: "/sign-in?sso=failed",
            });
            if (data?.url) window.location.assign(data.url);
            else setError(error?.message ?? "Single sign-on could not start.");
          }}
        >
          Sign in with {sso}
        </button>
      )}
    </div>
  );
}

const TOO_MANY = "Too many sign-in attempts. Wait a minute and try again.";

function signInMessage(status: number, fallback: string | undefined): string {
  if (status === 429) return TOO_MANY;
  if (status === 401 || status === 403) return "Wrong email or password, or the account is disabled.";
  return fallback ?? "Sign-in failed. Try again.";
}

/** The password was right by now, so a refusal is about the code (or the pending sign-in ran out of tries). */
function codeMessage(status: number, recovery: boolean): string {
  if (status === 429) return TOO_MANY;
  if (status === 401) return recovery ? "Wrong recovery code. Check it and try again." : "Wrong code. Check your authenticator app and try again.";
  return "Too many wrong codes, or the sign-in took too long. Sign in again with your password.";
}
