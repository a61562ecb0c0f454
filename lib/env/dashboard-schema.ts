import { z } from "zod";
import { trustProxySchema } from "@/lib/net/trust-proxy";

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const httpUrl = z
  .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
  .transform((v) => v.replace(/\/+$/, ""));

/**
 * Every variable the dashboard reads. Parsing happens once at start-up (lib/cli/start.ts) and
 * again lazily in the server process, so a wrong value stops start-up naming the variable.
 */
export const dashboardEnvSchema = z.object({
  CHAT_APP_ID: optionalText.pipe(z.string().regex(/^[A-Za-z0-9-]+$/, "expected letters, digits or '-'").optional()),
  CHAT_REGION: z.enum(["us", "eu", "in"], { error: "expected us, eu or in" }).default("us"),
  CHAT_API_KEY: optionalText,
  CHAT_BASE_URL: optionalText.pipe(httpUrl.optional()),
  CHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CHAT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  CHAT_FLAGGED_PAGE_SIZE: z.coerce.number().int().min(1).max(10_000).default(5_000),
  WRITE_BACK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** How often the instance holding the sync lock reads the chat service's flagged list; 0 turns the sync off. */
  FLAGGED_SYNC_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(3_000),
  HEALTH_CHECK_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  PORT: port(3000),
  APP_URL: optionalText.pipe(httpUrl.optional()),
  EMULATOR_PORT: port(4010),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL").optional(),
  ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "expected at least 32 characters").optional()),
  REQUIRE_2FA: z.enum(["admins", "all", "off"], { error: "expected admins, all or off" }).optional(),
  /** Demo mode: decisions from before the first start (strikes, reporters' records), written with the demo accounts. */
  DEMO_HISTORY: z.enum(["on", "off"], { error: "expected on or off" }).default("on"),
  DEMO_PASSWORD: optionalText.pipe(z.string().min(8, "expected at least 8 characters").optional()),
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  SIGN_IN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  SIGN_IN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  TRUST_PROXY: trustProxySchema,
  OIDC_ISSUER: optionalText.pipe(httpUrl.optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().trim().min(1).default("Single sign-on"),
  API_KEY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  REVIEW_TARGET_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  DEACTIVATIONS_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(100),
  PIN_ON_BEHALF_OF: z.enum(["admins", "moderators"], { error: "expected admins or moderators" }).default("admins"),
  /** Host names media may be fetched from, comma-separated; `*.example.com` for subdomains. */
  MEDIA_HOSTS: optionalText.pipe(
    z
      .string()
      .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^(\*\.)?[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, "expected host names such as data-us.cometchat.io or *.example.com")))
      .optional(),
  ),
  MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  MEDIA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Bearer token a Prometheus scraper sends to GET /api/metrics; unset = the route answers 404. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, "expected at least 16 characters (openssl rand -hex 32)")
      .regex(/^[\x21-\x7e]+$/, "expected printable ASCII without spaces")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

export type RawDashboardEnv = z.output<typeof dashboardEnvSchema>;
