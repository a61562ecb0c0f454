import type { Metadata } from "next";
import { headers } from "next/headers";
import { createLoader, parseAsString } from "nuqs/server";
import { redirect } from "next/navigation";
import { DemoAccounts } from "@/components/auth/demo-accounts";
import { SignInForm } from "@/components/auth/sign-in-form";
import { demoCredentials } from "@/lib/auth/demo-accounts";
import { safeReturnPath } from "@/lib/auth/return-path";
import { getStaffSession } from "@/lib/auth/session";
import { env } from "@/lib/env/server";

export const metadata: Metadata = { title: "Sign in" };

/** Where to go once signed in (checked by safeReturnPath). */
const loadSignInParams = createLoader({ next: parseAsString });

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = loadSignInParams(await searchParams);
  const returnTo = safeReturnPath(next ?? undefined);
  if (await getStaffSession(await headers())) redirect(returnTo ?? "/");
  const config = env();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Moderation dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">Staff sign-in</p>
        {returnTo && <p className="mt-3 text-sm text-slate-700">Once signed in, you go on to the page you asked for.</p>}
        {config.chat.mode === "emulator" && <DemoAccounts credentials={demoCredentials(config)} />}
        <SignInForm sso={config.OIDC_ISSUER ? config.OIDC_NAME : undefined} returnTo={returnTo} />
      </div>
    </main>
  );
}
