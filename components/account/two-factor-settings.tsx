"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { authRequest } from "@/lib/auth/auth-request";

type Setup = { totpURI: string; backupCodes: string[] };

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
const button = "rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60";

/** TOTP set-up: confirm the password, add the key to an authenticator app, prove it with a code. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const router = useRouter();
  const [setup, setSetup] = useState<Setup>();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    setPending(true);
    setError(undefined);
    const { data, error } = await authRequest<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", { password });
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

  if (enabled && !setup) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">Two-factor authentication</h2>
        <p className="mt-1 text-sm text-emerald-800">On: sign-in asks for a code from your authenticator app.</p>
      </div>
    );
  }

  const secret = setup ? (new URL(setup.totpURI).searchParams.get("secret") ?? "") : "";
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Two-factor authentication</h2>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {!setup ? (
        <form onSubmit={start} className="space-y-3">
          <p className="text-sm text-slate-600">Off. Turn it on so a stolen password alone cannot act with the dashboard&apos;s key.</p>
          <label className="block text-sm font-medium">
            Confirm your password
            <input name="password" type="password" autoComplete="current-password" required className={input} />
          </label>
          <button type="submit" disabled={pending} className={button}>
            Set up two-factor authentication
          </button>
        </form>
      ) : done ? (
        <p className="text-sm text-emerald-800" role="status">
          Two-factor authentication is on.
        </p>
      ) : (
        <div className="space-y-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            <li>
              Add this key to your authenticator app (or open the{" "}
              <a className="text-indigo-700 underline" href={setup.totpURI}>
                set-up link
              </a>{" "}
              on your phone): <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all">{secret}</code>
            </li>
            <li>
              Keep these one-time recovery codes somewhere safe; each signs you in once without the app:
              <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-xs sm:grid-cols-3">
                {setup.backupCodes.map((code) => (
                  <li key={code} className="rounded bg-slate-100 px-2 py-1">
                    {code}
                  </li>
                ))}
              </ul>
            </li>
          </ol>
          <form onSubmit={verify} className="space-y-3">
            <label className="block text-sm font-medium">
              Code from the app
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required className={input} />
            </label>
            <button type="submit" disabled={pending} className={button}>
              Turn on
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
