import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { auditLog, staff, staffAccount, staffSession } from "@/lib/db/schema";
import { freshDataDir } from "@/lib/testing/pglite-template";

/** The staff command line as staff run it (`npm run staff -- ...`), on its own embedded database. */
const dataDir = freshDataDir("staff-cli-");
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", CHAT_API_KEY: "", NODE_ENV: "test" as const, LOG_LEVEL: "silent" };

function staffCli(args: string[], input: string) {
  return spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/staff.ts", ...args], {
    input,
    env,
    encoding: "utf8",
  });
}

/** PGlite admits one process at a time, so the test opens the database only between commands. */
async function withDatabase<T>(query: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await query(handle.db);
  } finally {
    await handle.close();
  }
}

const EMAIL = "forgetful@test.example";

describe("npm run staff -- reset-password", () => {
  beforeAll(() => {
    const added = staffCli(["add", EMAIL, "--role", "moderator"], "first-password-1\n");
    expect(added.stderr).toBe("");
    expect(added.status).toBe(0);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("sets the password read from standard input, signs the person out everywhere and audits the command line", async () => {
    const userId = await withDatabase(async (db) => {
      const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, EMAIL));
      if (!row) throw new Error("the add command made no account");
      const expiresAt = new Date(Date.now() + 3_600_000);
      await db.insert(staffSession).values({ id: crypto.randomUUID(), token: "open-session", userId: row.id, expiresAt });
      return row.id;
    });

    const reset = staffCli(["reset-password", EMAIL], "second-password-2\n");
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain(`${EMAIL} has a new password and is signed out everywhere.`);

    await withDatabase(async (db) => {
      const [account] = await db
        .select({ password: staffAccount.password })
        .from(staffAccount)
        .where(and(eq(staffAccount.userId, userId), eq(staffAccount.providerId, "credential")));
      const hash = account?.password ?? "";
      expect(await verifyPassword({ hash, password: "second-password-2" })).toBe(true);
      expect(await verifyPassword({ hash, password: "first-password-1" })).toBe(false);
      expect(await db.select().from(staffSession).where(eq(staffSession.userId, userId))).toEqual([]);
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "staff.password.reset"));
      expect(audit).toMatchObject({ staffEmail: "command line", outcome: "success", detail: { email: EMAIL, password: "set", via: "cli" } });
      expect(JSON.stringify(audit)).not.toContain("second-password-2");
    });
  });

  it("refuses a password shorter than sign-in accepts, and an unknown email, changing nothing", () => {
    const short = staffCli(["reset-password", EMAIL], "short\n");
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("The password must have at least 10 characters.");
    const unknown = staffCli(["reset-password", "nobody@test.example"], "long-enough-password\n");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No staff member with the email nobody@test.example.");
  });
});
