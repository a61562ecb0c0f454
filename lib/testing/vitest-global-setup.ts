import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/db/open";

declare module "vitest" {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data directory that suites copy (pglite-template.ts). */
    pgliteTemplate: string;
  }
}

/** Once per test run: an embedded database with every migration applied, for suites to copy. */
export default async function setup(project: TestProject) {
  // In the workers' temporary directory (vitest.config.mts): suites copy it from there.
  const dir = mkdtempSync(path.join(project.config.env.TMPDIR ?? tmpdir(), "dashboard-template-"));
  const handle = await openDatabase({ dataDir: dir });
  await handle.close();
  project.provide("pgliteTemplate", path.join(dir, "pglite"));
  return () => rmSync(dir, { recursive: true, force: true });
}
