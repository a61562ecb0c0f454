import { createSerializer } from "nuqs/server";
import { describe, expect, it } from "vitest";
import type { MaskedApiKey } from "@/lib/moderation/api-key-types";
import { apiKeyViewParams, readApiKeyView, viewApiKeys } from "./api-key-view";

const key = (name: string, createdAt: number, scope: MaskedApiKey["scope"] = "fullAccess"): MaskedApiKey => ({
  id: name.toLowerCase().replaceAll(" ", "-"),
  name,
  scope,
  createdAt,
  apiKey: "abcd…wxyz",
  usedByDashboard: false,
});
const keys = [key("Ops scripts", 300), key("analytics export", 100), key("Web login", 200, "authOnly"), key("Mobile login", 400, "authOnly")];

describe("the keys page's view in the URL", () => {
  it("reads defaults from an empty URL and falls back on malformed values", () => {
    expect(readApiKeyView({})).toEqual({ scope: null, q: "", sort: "createdAt", dir: "desc", page: 1, size: 10 });
    expect(readApiKeyView({ scope: "root", sort: "price", dir: "up", page: "-3", size: "7" })).toEqual(readApiKeyView({}));
    expect(readApiKeyView(new URLSearchParams("scope=authOnly&q=login&sort=name&dir=asc&page=2&size=5"))).toEqual({
      scope: "authOnly",
      q: "login",
      sort: "name",
      dir: "asc",
      page: 2,
      size: 5,
    });
  });

  it("writes only what differs from the defaults, and reads back what it wrote", () => {
    // As the page's useQueryStates writes the address.
    const apiKeyViewQuery = createSerializer(apiKeyViewParams);
    expect(apiKeyViewQuery(readApiKeyView({}))).toBe("");
    const view = readApiKeyView({ scope: "fullAccess", q: "a b", sort: "name", page: "3" });
    expect(apiKeyViewQuery(view)).toBe("?scope=fullAccess&q=a+b&sort=name&page=3");
    expect(readApiKeyView(new URLSearchParams(apiKeyViewQuery(view)))).toEqual(view);
  });
});

describe("search, sort and paging over the keys the service returned", () => {
  const names = (view: Record<string, string>) => viewApiKeys(keys, readApiKeyView(view)).rows.map((k) => k.name);

  it("sorts newest first by default, and by name without regard to case", () => {
    expect(names({})).toEqual(["Mobile login", "Ops scripts", "Web login", "analytics export"]);
    expect(names({ sort: "createdAt", dir: "asc" })).toEqual(["analytics export", "Web login", "Ops scripts", "Mobile login"]);
    expect(names({ sort: "name", dir: "asc" })).toEqual(["analytics export", "Mobile login", "Ops scripts", "Web login"]);
    expect(names({ sort: "name", dir: "desc" })).toEqual(["Web login", "Ops scripts", "Mobile login", "analytics export"]);
  });

  it("searches names case-insensitively and counts the matches", () => {
    const result = viewApiKeys(keys, readApiKeyView({ q: "LOGIN", sort: "name", dir: "asc" }));
    expect(result.rows.map((k) => k.name)).toEqual(["Mobile login", "Web login"]);
    expect(result.matching).toBe(2);
  });

  it("cuts pages and keeps a page past the end on the last page", () => {
    const second = viewApiKeys(keys, readApiKeyView({ size: "5", page: "1" }));
    expect(second).toMatchObject({ page: 1, pageCount: 1, firstIndex: 0, matching: 4 });
    const many = Array.from({ length: 12 }, (_, i) => key(`Key ${String(i).padStart(2, "0")}`, i));
    expect(viewApiKeys(many, readApiKeyView({ size: "5", page: "2", sort: "name", dir: "asc" })).rows.map((k) => k.name)).toEqual([
      "Key 05",
      "Key 06",
      "Key 07",
      "Key 08",
      "Key 09",
    ]);
    expect(viewApiKeys(many, readApiKeyView({ size: "5", page: "9" }))).toMatchObject({ page: 3, pageCount: 3, firstIndex: 10 });
  });
});
