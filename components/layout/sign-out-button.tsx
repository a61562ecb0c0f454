"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { authRequest } from "@/lib/auth/auth-request";

export function SignOutButton() {
  const router = useRouter();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    const { error } = await authRequest("/sign-out", {});
    if (error) {
      setPending(false);
      toast({ tone: "error", message: `Signing out failed: ${error.message ?? `the dashboard answered with HTTP ${error.status}`}. Try again.` });
      return;
    }
    router.replace("/sign-in");
    router.refresh();
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
