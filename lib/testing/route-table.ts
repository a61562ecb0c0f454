import { readdirSync } from "node:fs";
import path from "node:path";

export type RouteFile = { file: string; urlPattern: string; params: string[] };

/** Every route file under app/api, found on disk, so a new route cannot be missed by the matrix. */
export function routeFiles(root = path.resolve("app/api")): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path.relative(path.resolve("app"), path.dirname(full)).split(path.sep);
        const params = rel.filter((s) => /^\[[^.]+\]$/.test(s)).map((s) => s.slice(1, -1));
        out.push({ file: full, urlPattern: `/${rel.join("/")}`, params });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.urlPattern.localeCompare(b.urlPattern));
}
