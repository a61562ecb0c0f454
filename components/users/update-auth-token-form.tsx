"use client";
import { useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";
import { MAX_AUTH_TOKEN_LENGTH, idTextProblem } from "@/lib/api/limits";
import type { AuthToken, AuthTokenUpdate, ChatUser } from "@/lib/chat/schemas";
import { fieldErrors } from "@/lib/queries/api-fetch";
import { useUpdateAuthToken } from "@/lib/queries/user-mutations";
import { APP_INFO_TOO_LARGE, NOTHING_TO_UPDATE, appInfoFits, hasSomethingToUpdate, parseAppInfo, shortToken } from "@/lib/users/auth-token-input";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
type FieldErrors = Partial<Record<"authToken" | "platform" | "userAgent" | "appInfo" | "form", string>>;

/**
 * Admin: change an auth token's platform, user agent or app info. The app info must be a JSON
 * object; anything else is refused here and never sent.
 */
export function UpdateAuthTokenForm({ user }: { user: ChatUser }) {
  const update = useUpdateAuthToken(user.uid);
  const ids = {
    appInfo: useId(),
    appInfoHint: useId(),
    appInfoError: useId(),
  };
  const [checked, setErrors] = useState<FieldErrors>({});
  // The chat service's own messages per field (its `details`) go beside the fields they name.
  const errors: FieldErrors = {
    ...checked,
    authToken: checked.authToken ?? fieldErrors(update.error, "authToken"),
    platform: fieldErrors(update.error, "platform"),
    userAgent: fieldErrors(update.error, "userAgent"),
    appInfo: checked.appInfo ?? fieldErrors(update.error, "appInfo"),
  };
  const [result, setResult] = useState<AuthToken>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const found: FieldErrors = {};
    const authToken = text("authToken");
    const tokenProblem = idTextProblem(authToken, "auth token", MAX_AUTH_TOKEN_LENGTH);
    if (tokenProblem) found.authToken = tokenProblem;
    const appInfo = parseAppInfo(String(data.get("appInfo") ?? ""));
    if (!appInfo.ok) found.appInfo = appInfo.message;
    const body: AuthTokenUpdate = {
      ...(text("platform") ? { platform: text("platform") } : {}),
      ...(text("userAgent") ? { userAgent: text("userAgent") } : {}),
      ...(appInfo.ok && appInfo.value ? { appInfo: appInfo.value } : {}),
    };
    if (!found.appInfo && !hasSomethingToUpdate(body)) found.form = NOTHING_TO_UPDATE;
    if (!found.appInfo && !appInfoFits(body.appInfo)) found.appInfo = APP_INFO_TOO_LARGE;
    setErrors(found);
    setResult(undefined);
    if (Object.keys(found).length > 0) {
      update.reset();
      return;
    }
    update.mutate({ authToken, update: body }, { onSuccess: ({ data: answer }) => setResult(answer) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="auth-token-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="auth-token-heading" className="font-semibold">
        Update auth token
      </h3>
      <TextField label="Auth token" name="authToken" error={errors.authToken} required autoComplete="off" spellCheck={false} className={`${input} font-mono`} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Platform" name="platform" error={errors.platform} maxLength={200} placeholder="ios, android, web…" />
        <TextField label="User agent" name="userAgent" error={errors.userAgent} maxLength={1000} />
      </div>
      <div>
        <label htmlFor={ids.appInfo} className="block text-sm font-medium">
          App info (JSON)
        </label>
        <p id={ids.appInfoHint} className="text-xs text-slate-600">
          A JSON object, such as {'{"version": "4.2.1"}'}. Leave blank to keep the current app info.
        </p>
        <textarea
          id={ids.appInfo}
          name="appInfo"
          rows={4}
          spellCheck={false}
          aria-invalid={errors.appInfo ? true : undefined}
          aria-describedby={errors.appInfo ? `${ids.appInfoHint} ${ids.appInfoError}` : ids.appInfoHint}
          className={`${input} font-mono`}
        />
        {errors.appInfo && (
          <p id={ids.appInfoError} className="mt-1 text-sm text-red-700">
            {errors.appInfo}
          </p>
        )}
      </div>
      {(Object.keys(checked).length > 0 || update.isError) && (
        <p role="alert" className="text-sm text-red-700">
          {update.isError ? `The auth token was not updated: ${update.error.message}` : (errors.form ?? "Nothing was sent: correct the fields marked above.")}
        </p>
      )}
      <button type="submit" disabled={update.isPending} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
        {update.isPending ? "Updating…" : "Update auth token"}
      </button>
      {result && (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm">
          <p className="font-medium text-emerald-900">Auth token updated.</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-600">UID</dt>
            <dd className="break-all">{result.uid}</dd>
            <dt className="text-slate-600">Token</dt>
            <dd className="font-mono">{shortToken(result.authToken)}</dd>
            <dt className="text-slate-600">Created</dt>
            <dd>
              {formatAbsolute(result.createdAt)} (<TimeAgo seconds={result.createdAt} />)
            </dd>
          </dl>
        </div>
      )}
    </form>
  );
}

/** A labelled one-line input with its error, if any, below it and named as its description. */
function TextField({ label, error, className = input, ...inputProps }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className={className} {...inputProps} />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
