import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

/**
 * A new temporary data directory whose embedded database is a copy of the run's migrated template
 * (made once by vitest-global-setup.ts): PGlite's first start in an empty directory (its initdb)
 * takes about 3 s, a copy of a closed one a few milliseconds, and each suite still gets its own.
 */
export function freshDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(inject("pgliteTemplate"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}
