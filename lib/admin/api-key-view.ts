import { z } from "zod";
import { apiKeyScopeSchema } from "@/lib/chat/schemas";
import type { MaskedApiKey } from "@/lib/moderation/api-key-types";
import { firstValues, type SearchParamsLike } from "./search-params";

export const API_KEY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const API_KEY_SORTS = ["name", "createdAt"] as const;

/**
 * What the keys page shows, as it stands in the URL. Only `scope` goes to the service; search,
 * sort and paging run in the browser because the contract names no parameters for them. A
 * malformed value falls back to its default rather than breaking a shared link.
 */
export const apiKeyViewSchema = z.object({
  scope: apiKeyScopeSchema.optional().catch(undefined),
  q: z.string().max(200).default("").catch(""),
  sort: z.enum(API_KEY_SORTS).default("createdAt").catch("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc").catch("desc"),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  size: z.coerce
    .number()
    .refine((n) => (API_KEY_PAGE_SIZES as readonly number[]).includes(n))
    .default(10)
    .catch(10),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

const defaults = apiKeyViewSchema.parse({});

export function readApiKeyView(params: SearchParamsLike): ApiKeyView {
  return apiKeyViewSchema.parse(firstValues(params));
}

/** The URL query of a view, leaving out defaults so links stay short. */
export function apiKeyViewQuery(view: ApiKeyView): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(apiKeyViewSchema.shape) as (keyof ApiKeyView)[]) {
    const value = view[key];
    if (value !== undefined && value !== "" && value !== defaults[key]) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export type ApiKeyPage = { rows: MaskedApiKey[]; matching: number; page: number; pageCount: number; firstIndex: number };

/** Search by name, sort and cut one page out of the keys the service returned. */
export function viewApiKeys(keys: readonly MaskedApiKey[], view: ApiKeyView): ApiKeyPage {
  const needle = view.q.trim().toLowerCase();
  const matching = needle ? keys.filter((key) => key.name.toLowerCase().includes(needle)) : [...keys];
  const sign = view.dir === "asc" ? 1 : -1;
  matching.sort((a, b) => {
    const primary = view.sort === "name" ? a.name.localeCompare(b.name, "en", { sensitivity: "base" }) : a.createdAt - b.createdAt;
    return sign * (primary || a.id.localeCompare(b.id));
  });
  const pageCount = Math.max(1, Math.ceil(matching.length / view.size));
  const page = Math.min(view.page, pageCount);
  const firstIndex = (page - 1) * view.size;
  return { rows: matching.slice(firstIndex, firstIndex + view.size), matching: matching.length, page, pageCount, firstIndex };
}
