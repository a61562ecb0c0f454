"use client";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import type { MaskedApiKey } from "@/lib/moderation/api-key-types";
import { ApiClientError } from "@/lib/queries/api-fetch";
import { useRevealApiKey } from "@/lib/queries/api-key-mutations";
import { useRevealedKey } from "./use-revealed-key";

type Purpose = "reveal" | "copy";

/**
 * Reveal and copy for the key table. A reveal the server refuses for want of a fresh proof of
 * presence (ERR_PRESENCE_REQUIRED) waits in `awaitingPresence` while the dialog asks for it, and is
 * asked again once it is given.
 */
export function useKeyReveal() {
  const reveal = useRevealApiKey();
  const { revealed, show, hide } = useRevealedKey();
  const toast = useToast();
  const [awaitingPresence, setAwaitingPresence] = useState<{ key: MaskedApiKey; purpose: Purpose }>();

  const ask = (key: MaskedApiKey, purpose: Purpose) =>
    reveal.mutate(
      { id: key.id, purpose },
      {
        onSuccess: async ({ data }) => {
          if (purpose === "reveal") return show(key.id, data.apiKey);
          try {
            await navigator.clipboard.writeText(data.apiKey);
            toast({ tone: "success", message: `The key “${key.name}” is on your clipboard. The copy is in the audit log.` });
          } catch {
            toast({ tone: "error", message: "The browser did not allow copying. Use Reveal and copy the value by hand." });
          }
        },
        onError: (error) => {
          if (error instanceof ApiClientError && error.code === "ERR_PRESENCE_REQUIRED") setAwaitingPresence({ key, purpose });
          else toast({ tone: "error", message: error.message });
        },
      },
    );

  return {
    ask,
    revealed,
    hide,
    busyId: reveal.isPending ? reveal.variables.id : undefined,
    awaitingPresence,
    presenceGiven() {
      const waiting = awaitingPresence;
      setAwaitingPresence(undefined);
      if (waiting) ask(waiting.key, waiting.purpose);
    },
    presenceCancelled: () => setAwaitingPresence(undefined),
  };
}

export type KeyReveal = ReturnType<typeof useKeyReveal>;
