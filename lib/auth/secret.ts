import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env/server";

/**
 * AUTH_SECRET signs sessions. It is required with real credentials (the env check enforces it);
 * in demo mode one is generated at first start and kept under DATA_DIR so sessions survive restarts.
 */
export function authSecret(): string {
  const config = env();
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, "utf8").trim();
    }
  }
}
