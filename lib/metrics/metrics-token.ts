import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env/server";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Lets a scraper holding METRICS_TOKEN through (`Authorization: Bearer <token>`); no staff session
 * is involved. Unset, the route does not exist (404): metrics are off unless configured. The
 * token is compared as SHA-256 digests with timingSafeEqual, so the time taken says neither how
 * much of it matched nor how long it is. Neither the token sent nor the configured one is
 * repeated in an answer or a log line.
 */
export function requireMetricsToken(request: Request): void {
  const expected = env().METRICS_TOKEN;
  if (!expected) throw new ApiError("ERR_NOT_FOUND", "There is nothing at this address.");
  const sent = /^Bearer +(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(sent), digest(expected))) {
    throw new ApiError("ERR_UNAUTHORIZED", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.", { "www-authenticate": 'Bearer realm="metrics"' });
  }
}
