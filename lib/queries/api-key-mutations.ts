import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PresenceConfirmed } from "@/lib/auth/presence-schemas";
import type { RevealApiKeyBody, revealedApiKeySchema } from "@/lib/moderation/api-key-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

// Apart from the read options (api-keys.ts), like every resource's mutations.

/** Asks the server for one key's full value; the answer is never cached, and the audit view is refreshed. */
export function useRevealApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, purpose }: RevealApiKeyBody & { id: string }) =>
      apiFetch<z.infer<typeof revealedApiKeySchema>>(`/api/apikeys/${encodeURIComponent(id)}/reveal`, { method: "POST", body: JSON.stringify({ purpose }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  });
}

/** Proves presence (password, or the authenticator code with two-factor on) so this session may reveal keys for a few minutes. */
export function useConfirmPresence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: { password: string } | { code: string }) =>
      apiFetch<PresenceConfirmed>("/api/me/presence", { method: "POST", body: JSON.stringify(proof) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  });
}
