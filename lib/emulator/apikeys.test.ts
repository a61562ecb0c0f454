import { describe, expect, it } from "vitest";
import { EMULATOR_API_KEYS } from "./keys";
import { setupEmulator, type ErrorBody } from "./setup-emulator";

const { api } = setupEmulator();

type KeyList = {
  data: { apiKey: string; name: string; scope: string; createdAt: number }[];
  meta: { pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number } };
};
const list = (query = "") => api<KeyList & ErrorBody>("GET", `/apikeys${query}`);

describe("list API keys", () => {
  it("lists every key, newest first, with exactly the contract's fields and pagination meta", async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    const { data, meta } = reply.body;
    expect(data).toHaveLength(EMULATOR_API_KEYS.length);
    for (const key of data) expect(Object.keys(key)).toEqual(["apiKey", "name", "scope", "createdAt"]);
    const times = data.map((k) => k.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => Number.isInteger(t) && t < 1e11)).toBe(true);
    expect(meta.pagination).toEqual({ total: data.length, count: data.length, per_page: 100, current_page: 1, total_pages: 1 });
  });

  it("filters by scope", async () => {
    for (const scope of ["fullAccess", "authOnly"]) {
      const { data, meta } = (await list(`?scope=${scope}`)).body;
      expect(data.length).toBe(EMULATOR_API_KEYS.filter((k) => k.scope === scope).length);
      expect(data.every((k) => k.scope === scope)).toBe(true);
      expect(meta.pagination.total).toBe(data.length);
    }
  });

  it("refuses another scope with 400 naming the parameter", async () => {
    const reply = await list("?scope=root");
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe("ERR_BAD_REQUEST");
    expect(reply.body.error.message).toMatch(/scope/);
  });

  it("filters by searchKey, a case-insensitive substring of the name, together with scope", async () => {
    const { data } = (await list("?searchKey=AUTH%20ONLY")).body;
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.every((k) => k.name.toLowerCase().includes("auth only"))).toBe(true);
    expect((await list("?searchKey=auth%20only&scope=fullAccess")).body.data).toEqual([]);
    expect((await list("?searchKey=zzz")).body.meta.pagination).toMatchObject({ total: 0, count: 0 });
  });

  it("pages with page and perPage: total counts matches, count counts this page", async () => {
    const first = (await list("?perPage=3")).body;
    expect(first.data).toHaveLength(3);
    const total = EMULATOR_API_KEYS.length;
    expect(first.meta.pagination).toEqual({ total, count: 3, per_page: 3, current_page: 1, total_pages: Math.ceil(total / 3) });
    const last = (await list(`?perPage=3&page=${Math.ceil(total / 3)}`)).body;
    expect(last.meta.pagination.count).toBe(total - 3 * (Math.ceil(total / 3) - 1));
    const all = (await list()).body.data.map((k) => k.apiKey);
    expect(first.data.map((k) => k.apiKey)).toEqual(all.slice(0, 3));
    expect((await list("?page=99")).body.data).toEqual([]);
  });

  it("refuses a page size above 100 or a page below 1", async () => {
    for (const query of ["?perPage=101", "?perPage=0", "?page=0", "?page=abc"]) {
      const reply = await list(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.message).toMatch(/page|perPage/);
    }
  });
});
