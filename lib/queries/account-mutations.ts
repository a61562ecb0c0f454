import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody, ConfirmPasswordBody, RecoveryCodes } from "@/lib/account/account-schemas";
import { apiFetch } from "./api-fetch";

// The account's changes touch no cached query: the page refreshes from the server where it shows the result.

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<{ data: { changed: true } }>("/api/account/password", { method: "PUT", body: JSON.stringify(body) }),
  });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (body: ConfirmPasswordBody) => apiFetch<RecoveryCodes>("/api/account/recovery-codes", { method: "POST", body: JSON.stringify(body) }),
  });
}

export function useTurnOffTwoFactor() {
  return useMutation({
    mutationFn: (body: ConfirmPasswordBody) => apiFetch<{ data: { twoFactorEnabled: false } }>("/api/account/two-factor", { method: "DELETE", body: JSON.stringify(body) }),
  });
}
