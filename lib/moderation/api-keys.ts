import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import { requireFreshPresence } from "@/lib/auth/presence";
import type { StaffSession } from "@/lib/auth/session";
import { chat } from "@/lib/chat/service";
import { apiKeyScopeSchema, type ApiKey, type ApiKeyScope } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env/server";
import type { ApiKeySummary, ApiKeyWarning, MaskedApiKey, RevealedApiKey, RevealApiKeyBody } from "./api-key-types";

const DAY_SECONDS = 86_400;

/** First 4 and last 4 characters: enough to recognise a key, useless to call the service with. */
export function maskKey(value: string): string {
  return value.length <= 8 ? "•".repeat(value.length) : `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** A stable handle for one key that the browser can send back (a reveal asks for one key by it). */
export function keyId(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 16);
}

export function toMaskedKey(key: ApiKey): MaskedApiKey {
  return {
    id: keyId(key.apiKey),
    name: key.name,
    scope: key.scope,
    createdAt: key.createdAt,
    apiKey: maskKey(key.apiKey),
    usedByDashboard: key.apiKey === env().chat.apiKey,
  };
}

/**
 * The service's keys, masked. The contract names no keyword parameter, so the name search runs
 * here over what the service returned.
 */
export async function listMaskedApiKeys(scope: ApiKeyScope | undefined, search: string | undefined) {
  const { data, meta } = await chat().listApiKeys(scope);
  const needle = search?.trim().toLowerCase();
  const matching = needle ? data.filter((key) => key.name.toLowerCase().includes(needle)) : data;
  return { data: matching.map(toMaskedKey), meta: { pagination: meta.pagination, returned: data.length } };
}

/**
 * One list call per scope: the service's pagination total of each scope is an honest count even
 * when it sends only a page, and together the two lists hold at least what an unfiltered call sends.
 */
function listKeysByScope() {
  return Promise.all(apiKeyScopeSchema.options.map(async (scope) => ({ scope, ...(await chat().listApiKeys(scope)) })));
}

export async function summarizeApiKeys(nowSeconds = Math.floor(Date.now() / 1000)): Promise<ApiKeySummary> {
  const [fullAccess, authOnly] = await listKeysByScope();
  const maxAgeDays = env().API_KEY_MAX_AGE_DAYS;
  const scopes = {
    fullAccess: { total: fullAccess?.meta.pagination.total ?? 0, returned: fullAccess?.data.length ?? 0 },
    authOnly: { total: authOnly?.meta.pagination.total ?? 0, returned: authOnly?.data.length ?? 0 },
  };
  const oldKeys = [...(fullAccess?.data ?? []), ...(authOnly?.data ?? [])]
    .map((key) => ({ ...toMaskedKey(key), ageDays: Math.floor((nowSeconds - key.createdAt) / DAY_SECONDS) }))
    .filter((key) => key.ageDays > maxAgeDays)
    .sort((a, b) => b.ageDays - a.ageDays)
    .map(({ id, name, scope, createdAt, ageDays }) => ({ id, name, scope, createdAt, ageDays }));
  const warnings: ApiKeyWarning[] = [];
  if (scopes.fullAccess.total > 1) warnings.push({ kind: "several-full-access", count: scopes.fullAccess.total });
  if (oldKeys.length > 0) warnings.push({ kind: "old-keys", maxAgeDays, keys: oldKeys });
  return { data: { scopes, maxAgeDays, warnings } };
}

/**
 * The full value of one key, for one admin, with an audit row written first. The admin must have
 * proved presence in this session within the last minutes (a stolen session alone reveals nothing).
 * The dashboard's own key is refused (and the refusal recorded): it must never reach a browser.
 */
export function revealApiKey(db: Db, audited: AuditRunner, staff: StaffSession, id: string, { purpose }: RevealApiKeyBody): Promise<RevealedApiKey> {
  return audited(
    { action: purpose === "copy" ? "apikey.copy" : "apikey.reveal", detail: { keyId: id } },
    async () => {
      const lists = await listKeysByScope();
      const key = lists.flatMap((list) => list.data).find((candidate) => keyId(candidate.apiKey) === id);
      if (!key) throw new ApiError("ERR_NOT_FOUND", "The chat service does not list this key (any more). Reload the key list.");
      if (key.apiKey === env().chat.apiKey) {
        throw new ApiError("ERR_FORBIDDEN", `This key (“${key.name}”) is used by this dashboard and never leaves the server, so it cannot be revealed or copied.`);
      }
      await requireFreshPresence(db, staff);
      return { data: { id, name: key.name, scope: key.scope, apiKey: key.apiKey } };
    },
    (result) => ({ name: result.data.name, scope: result.data.scope }),
  );
}
