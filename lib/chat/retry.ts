import { ChatServerError, ChatUnavailableError } from "./errors";

export type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs: number };

export const readRetryPolicy: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 };

/**
 * Reads retry a failed connection or a 5xx with exponential backoff and full jitter. Never a 4xx
 * (the answer would not change), never a timeout (the caller already waited the full budget).
 */
export async function withRetry<T>(run: () => Promise<T>, policy: RetryPolicy = readRetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const retryable = error instanceof ChatServerError || error instanceof ChatUnavailableError;
      if (!retryable || attempt >= policy.attempts) throw error;
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
