import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const MIGRATIONS = path.resolve("lib/db/migrations");

/** Names a template by the migrations it holds: a changed or added migration makes a new one. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * A closed embedded database with every migration applied, made once under `.data` by
 * `npm run db:migrate` (as an operator would) for the browser tests' dashboards to copy: PGlite's
 * first start in an empty folder and the migrations cost a dashboard about 7 processor-seconds,
 * opening a copy almost nothing. Two runs making it at once both finish; the first to rename wins.
 */
export function databaseTemplate(): string {
  const dir = path.resolve(`.data/e2e-template-${migrationsDigest()}`);
  if (!existsSync(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const building = mkdtempSync(`${dir}-building-`);
    const result = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/migrate.ts"], {
      // An embedded database, whatever the shell's settings: with a key set, the configuration would also ask for the service's.
      env: { ...process.env, DATA_DIR: building, DATABASE_URL: "", CHAT_API_KEY: "" },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`making the database template failed: ${result.stderr}${result.stdout}`);
    try {
      renameSync(building, dir);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  }
  return path.join(dir, "pglite");
}

/** Gives a dashboard's data folder a copy of the template as its embedded database, unless it has one. */
export function seedDataDir(dataDir: string): void {
  const target = path.join(dataDir, "pglite");
  if (!existsSync(target)) cpSync(databaseTemplate(), target, { recursive: true });
}
