import { z } from "zod";
import { DEFAULT_PIN_LIMIT, DEFAULT_RATE_LIMIT_PER_MINUTE } from "@/lib/emulator/settings";
import { formatEnvError } from "./format-env-error";

/** An unset or empty variable takes the default. */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const integer = (min: number, max: number, fallback: number, expected: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, expected)
      .transform(Number)
      .pipe(z.number().int().min(min, expected).max(max, expected))
      .default(fallback),
  );

/** The variables the chat-service emulator reads (`npm run emulator`, and demo mode of `npm start`). */
export const emulatorEnvSchema = z.object({
  EMULATOR_PORT: integer(1, 65_535, 4010, "expected a port number from 1 to 65535"),
  EMULATOR_HOST: z.preprocess(
    blankAsUnset,
    z.string().trim().regex(/^[A-Za-z0-9.:-]+$/, "expected a host name or IP address, such as 127.0.0.1").default("127.0.0.1"),
  ),
  EMULATOR_PINNING: z.preprocess(blankAsUnset, z.enum(["on", "off"], { error: "expected on or off" }).default("on")),
  EMULATOR_FLAG_INTERVAL_MS: integer(0, 86_400_000, 0, "expected a whole number of milliseconds from 0 (off) to 86400000"),
  EMULATOR_PIN_LIMIT: integer(1, 10_000, DEFAULT_PIN_LIMIT, "expected a whole number of pinned messages per conversation from 1 to 10000"),
  EMULATOR_RATE_LIMIT: integer(1, 100_000_000, DEFAULT_RATE_LIMIT_PER_MINUTE, "expected a whole number of requests per minute from 1 to 100000000"),
});

export type EmulatorConfig = {
  port: number;
  host: string;
  pinningEnabled: boolean;
  autoFlagIntervalMs: number;
  pinLimit: number;
  rateLimitPerMinute: number;
};

/** Throws an Error naming each bad variable and what it expects. */
export function resolveEmulatorConfig(source: Record<string, string | undefined>): EmulatorConfig {
  const parsed = emulatorEnvSchema.safeParse(source);
  if (!parsed.success) throw new Error(formatEnvError(parsed.error));
  const env = parsed.data;
  return {
    port: env.EMULATOR_PORT,
    host: env.EMULATOR_HOST,
    pinningEnabled: env.EMULATOR_PINNING === "on",
    autoFlagIntervalMs: env.EMULATOR_FLAG_INTERVAL_MS,
    pinLimit: env.EMULATOR_PIN_LIMIT,
    rateLimitPerMinute: env.EMULATOR_RATE_LIMIT,
  };
}

/** The emulator's settings from this process's environment. */
export function loadEmulatorConfig(): EmulatorConfig {
  return resolveEmulatorConfig(process.env);
}

/** For `npm start` in demo mode: the queue comes alive with a new flag every 45 s unless configured. */
export function loadDemoEmulatorConfig(): EmulatorConfig {
  return resolveEmulatorConfig({ EMULATOR_FLAG_INTERVAL_MS: "45000", ...process.env });
}
