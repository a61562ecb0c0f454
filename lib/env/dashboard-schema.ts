import { z } from "zod";

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
  DEMO_PASSWORD: optionalText.pipe(z.string().min(8, "expected at least 8 characters").optional()),
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  SIGN_IN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  OIDC_ISSUER: optionalText.pipe(httpUrl.optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().trim().min(1).default("Single sign-on"),
  API_KEY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  REVIEW_TARGET_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

export type DashboardEnvInput = z.input<typeof dashboardEnvSchema>;
export type RawDashboardEnv = z.output<typeof dashboardEnvSchema>;
