import "server-only";
import { availableParallelism } from "node:os";
import { APIError } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { createLimiter, LimiterFullError } from "@/lib/async/limiter";

/**
 * scrypt takes about 100 ms of a core per password. Fifty sign-ins at once used to take every core
 * (the health check went from 7 ms to 445 ms), so hashing runs on at most half the cores and a
 * bounded queue; beyond it a sign-in is answered "busy" at once. better-auth's own scrypt format
 * is kept, so existing hashes verify.
 */
const limit = createLimiter(Math.max(1, Math.floor(availableParallelism() / 2)), 64);
const RETRY_AFTER_SECONDS = 5;

async function limited<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await limit(task);
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: `Too many sign-ins at once. Try again in ${RETRY_AFTER_SECONDS} seconds.`, code: "SIGN_IN_BUSY" },
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
}

/** better-auth's `emailAndPassword.password` option. */
export const boundedPasswordHashing = {
  hash: (password: string) => limited(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => limited(() => verifyPassword(data)),
};
