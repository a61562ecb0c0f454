import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { dashboardEnvSchema, type RawDashboardEnv } from "./dashboard-schema";
import { formatEnvError } from "./format-env-error";
import type { MediaPolicy } from "@/lib/media/fetch-media";

export type ChatMode = "emulator" | "service";

export type DashboardConfig = RawDashboardEnv & {
  chat: { mode: ChatMode; baseUrl: string; apiKey: string; timeoutMs: number; cacheTtlMs: number; flaggedPageSize: number; writeBackIntervalMs: number; syncIntervalMs: number };
  media: MediaPolicy;
  appUrl: string;
  require2fa: "admins" | "all" | "off";
};

/**
 * Turns the raw variables into the dashboard's settings. Demo mode (no CHAT_API_KEY) talks to the
 * bundled emulator with one of its seeded fullAccess keys; with a key the real service is used.
 */
export function resolveDashboardConfig(source: Record<string, string | undefined>): DashboardConfig {
  const parsed = dashboardEnvSchema.safeParse(source);
  if (!parsed.success) throw new Error(formatEnvError(parsed.error));
  const env = parsed.data;
  const mode: ChatMode = env.CHAT_API_KEY ? "service" : "emulator";
  if (mode === "service" && !env.CHAT_BASE_URL && !env.CHAT_APP_ID) {
    throw new Error("CHAT_APP_ID: required when CHAT_API_KEY is set (or set CHAT_BASE_URL).");
  }
  if (mode === "service" && !env.AUTH_SECRET) {
    throw new Error("AUTH_SECRET: required when CHAT_API_KEY is set (at least 32 random characters; `openssl rand -base64 32`).");
  }
  if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID) || (env.OIDC_ISSUER && !env.OIDC_CLIENT_SECRET)) {
    throw new Error("OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three to enable single sign-on, or none.");
  }
  const baseUrl =
    env.CHAT_BASE_URL ??
    (mode === "emulator"
      ? `http://127.0.0.1:${env.EMULATOR_PORT}/v3`
      : `https://${env.CHAT_APP_ID}.api-${env.CHAT_REGION}.cometchat.io/v3`);
  return {
    ...env,
    chat: {
      mode,
      baseUrl,
      apiKey: env.CHAT_API_KEY ?? EMULATOR_DEMO_API_KEY,
      timeoutMs: env.CHAT_TIMEOUT_MS,
      cacheTtlMs: env.CHAT_CACHE_TTL_MS,
      flaggedPageSize: env.CHAT_FLAGGED_PAGE_SIZE,
      writeBackIntervalMs: env.WRITE_BACK_INTERVAL_MS,
      syncIntervalMs: env.FLAGGED_SYNC_INTERVAL_MS,
    },
    media: mediaPolicy(env, mode, baseUrl),
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    require2fa: env.REQUIRE_2FA ?? (mode === "emulator" ? "off" : "admins"),
  };
}

/**
 * Where the media route may fetch from. The real service serves media from `data-<region>.cometchat.io`
 * (the URLs in its published examples); its API host is allowed too. In demo mode the emulator's
 * own origin serves the seeded media, over http on loopback: that origin alone is trusted so.
 */
function mediaPolicy(env: RawDashboardEnv, mode: ChatMode, baseUrl: string): MediaPolicy {
  const base = new URL(baseUrl);
  const defaults = mode === "emulator" ? [] : [`data-${env.CHAT_REGION}.cometchat.io`, base.hostname.toLowerCase()];
  return {
    hosts: env.MEDIA_HOSTS ?? defaults,
    requireHttps: mode === "service",
    trustedOrigin: mode === "emulator" ? base.origin : undefined,
    maxBytes: env.MEDIA_MAX_BYTES,
    timeoutMs: env.MEDIA_TIMEOUT_MS,
  };
}

/** Reads the dashboard's settings from this process's environment. */
export function loadDashboardConfig(): DashboardConfig {
  return resolveDashboardConfig(process.env);
}
