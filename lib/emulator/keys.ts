/**
 * The emulator's seeded API keys. This module must stay import-free: the dashboard's demo mode
 * imports it for EMULATOR_DEMO_API_KEY, and nothing else of the emulator should come along.
 * Values are fixed so demo mode, tests and the emulator agree without configuration.
 */

export type EmulatorKeyScope = "fullAccess" | "authOnly";

/** `ageDays` is turned into `createdAt = now - ageDays` when the seed is built. */
export type EmulatorKeySeed = { apiKey: string; name: string; scope: EmulatorKeyScope; ageDays: number };

/** The fullAccess key the dashboard uses in demo mode. */
export const EMULATOR_DEMO_API_KEY = "3f9a1c7e5b2d4086a1e3c5f7092b4d6e8a0c2e4f";

/** An authOnly key: every operation of the contract answers it with 403. */
export const EMULATOR_AUTH_ONLY_API_KEY = "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c";

export const EMULATOR_API_KEYS: readonly EmulatorKeySeed[] = [
  { apiKey: EMULATOR_DEMO_API_KEY, name: "Moderation dashboard", scope: "fullAccess", ageDays: 21 },
  { apiKey: "93019c63729554961251e71d4d08e23f4cdc7b61", name: "Production server", scope: "fullAccess", ageDays: 298 },
  { apiKey: "4ef38fdb8a5a3989e529c14e96f645fef35dfc27", name: "Ops scripts", scope: "fullAccess", ageDays: 143 },
  { apiKey: "aa2fe5bf751453f792d4c3fa934e30f09273c22f", name: "Legacy CRM sync", scope: "fullAccess", ageDays: 701 },
  { apiKey: "a2d55701b8de65a5f8c26f73207f5e6b3d28dd22", name: "Analytics export", scope: "fullAccess", ageDays: 412 },
  { apiKey: "15fa1711f8709cc733878e5ebdc7ba429d4bb53a", name: "Webhook relay (staging)", scope: "fullAccess", ageDays: 57 },
  { apiKey: EMULATOR_AUTH_ONLY_API_KEY, name: "Mobile login (auth only)", scope: "authOnly", ageDays: 233 },
  { apiKey: "1e07814df4b8356a46fcae5d76526231019d1377", name: "Web login (auth only)", scope: "authOnly", ageDays: 176 },
  { apiKey: "0df95fe0e07d3cc01bfaf2bde706280424d62de7", name: "Partner SSO bridge (auth only)", scope: "authOnly", ageDays: 530 },
  { apiKey: "df7d9293bc0eeb1d6c55311bab0f87657eda7e44", name: "Kiosk app (auth only)", scope: "authOnly", ageDays: 9 },
];
