"use client";
import { useQuery } from "@tanstack/react-query";
import type { Health } from "@/lib/health/health-schema";
import { healthOptions } from "@/lib/queries/health";

/**
 * A warning in the header while the chat service is unreachable or refuses the dashboard's key,
 * so a wrong or authOnly key is found at once, not through a moderator's failed action.
 */
export function ChatServiceWarning({ initial, pollMs }: { initial: Health; pollMs: number }) {
  const { data } = useQuery({ ...healthOptions(pollMs), initialData: initial });
  const { status, message } = data.chatService;
  if (status !== "key_rejected" && status !== "unreachable") return null;
  return (
    <div role="alert" className="border-t border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <p className="mx-auto max-w-7xl">
        {status === "key_rejected" ? message : `The chat service is unreachable: ${message} Actions on users and messages fail until it is back.`}
      </p>
    </div>
  );
}
