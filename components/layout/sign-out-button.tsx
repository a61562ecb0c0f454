"use client";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { authRequest } from "@/lib/auth/auth-request";
import { holdSignInRedirects } from "@/lib/queries/sign-in-again";

export function SignOutButton() {
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    holdSignInRedirects(true);
    const { error } = await authRequest("/sign-out", {});
    if (error) {
      holdSignInRedirects(false);
      setPending(false);
      toast({ tone: "error", message: `Signing out failed: ${error.message ?? `the dashboard answered with HTTP ${error.status}`}. Try again.` });
      return;
    }
    // A full load: nothing the signed-out staff member's pages held stays in memory.
    window.location.replace("/sign-in");
  }

  return (
    <button
      type="button"
      disabled={pending}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
      onClick={() => void signOut()}
    >
      Sign out
    </button>
  );
}
