import type { ApiKeyScope } from "@/lib/chat/schemas";
import { API_KEY_SCOPES } from "@/lib/chat/scopes";
import type { MaskedApiKey } from "@/lib/moderation/api-key-types";
import { firstValues, oneOf, type SearchParamsLike } from "./search-params";

export const API_KEY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const API_KEY_SORTS = ["name", "createdAt"] as const;
const MAX_SEARCH_LENGTH = 200;

/**
 * What the keys page shows, as it stands in the URL. Only `scope` goes to the service; search,
 * sort and paging run in the browser because the contract names no parameters for them.
 */
export type ApiKeyView = {
  scope: ApiKeyScope | undefined;
  q: string;
  sort: (typeof API_KEY_SORTS)[number];
  dir: "asc" | "desc";
  page: number;
  size: (typeof API_KEY_PAGE_SIZES)[number];
};

const defaults: ApiKeyView = { scope: undefined, q: "", sort: "createdAt", dir: "desc", page: 1, size: 10 };

/** Reads a view from the URL; a malformed value falls back to its default rather than breaking a shared link. */
export function readApiKeyView(params: SearchParamsLike): ApiKeyView {
  const raw = firstValues(params);
  const page = Number(raw.page);
  const size = Number(raw.size);
  return {
    scope: API_KEY_SCOPES.find((scope) => scope === raw.scope),
    q: (raw.q ?? "").slice(0, MAX_SEARCH_LENGTH),
    sort: oneOf(API_KEY_SORTS, raw.sort, defaults.sort),
    dir: oneOf(["asc", "desc"], raw.dir, defaults.dir),
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    size: API_KEY_PAGE_SIZES.find((allowed) => allowed === size) ?? defaults.size,
  };
}

/** The URL query of a view, leaving out defaults so links stay short. */
export function apiKeyViewQuery(view: ApiKeyView): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof ApiKeyView)[]) {
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
