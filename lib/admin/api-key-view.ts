import { createLoader, parseAsInteger, parseAsNumberLiteral, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import type { ApiKeyScope } from "@/lib/chat/schemas";
import { API_KEY_SCOPES } from "@/lib/chat/scopes";
import type { MaskedApiKey } from "@/lib/moderation/api-key-types";
import { parseAsBoundedText } from "@/lib/url/param-parsers";

export const API_KEY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const API_KEY_SORTS = ["name", "createdAt"] as const;
const MAX_SEARCH_LENGTH = 200;

/**
 * What the keys page shows, as it stands in the URL. Only `scope` goes to the service; search,
 * sort and paging run in the browser because the contract names no parameters for them.
 */
export type ApiKeyView = {
  scope: ApiKeyScope | null;
  q: string;
  sort: (typeof API_KEY_SORTS)[number];
  dir: "asc" | "desc";
  page: number;
  size: (typeof API_KEY_PAGE_SIZES)[number];
};

/** The keys page's URL parameters: read by the page on the server and by the keys review in the browser. */
export const apiKeyViewParams = {
  scope: parseAsStringLiteral(API_KEY_SCOPES),
  q: parseAsBoundedText(MAX_SEARCH_LENGTH).withDefault(""),
  sort: parseAsStringLiteral(API_KEY_SORTS).withDefault("createdAt"),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault("desc"),
  page: parseAsInteger.withDefault(1),
  size: parseAsNumberLiteral(API_KEY_PAGE_SIZES).withDefault(10),
} satisfies Record<keyof ApiKeyView, unknown>;

const loadApiKeyView = createLoader(apiKeyViewParams);

/** The parsed parameters as a view: a page before the first is the first. */
export const apiKeyViewOf = (values: inferParserType<typeof apiKeyViewParams>): ApiKeyView => ({ ...values, page: Math.max(1, values.page) });

/** Reads a view from the URL; a malformed value falls back to its default rather than breaking a shared link. */
export const readApiKeyView = (params: URLSearchParams | Record<string, string | string[] | undefined>): ApiKeyView => apiKeyViewOf(loadApiKeyView(params));

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
