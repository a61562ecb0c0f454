import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getStaffSession } from "@/lib/auth/session";
import { env } from "@/lib/env/server";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await getStaffSession(await headers())) redirect("/");
  const config = env();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Moderation dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">Staff sign-in</p>
        {config.chat.mode === "emulator" && (
          <p className="mt-3 rounded-md bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200">
            Demo: local emulator. The demo accounts and their password were printed when the dashboard started.
          </p>
        )}
        <SignInForm sso={config.OIDC_ISSUER ? config.OIDC_NAME : undefined} />
      </div>
    </main>
  );
}
