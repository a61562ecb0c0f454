/**
 * `npm run staff -- <command>`: manage staff accounts from the command line.
 *   add <email> --role admin|moderator [--name "Full Name"]   (password from standard input, or asked for)
 *   list | set-role <email> <role> | disable <email> | enable <email>
 *   reset-password <email>   (new password from standard input, or asked for; signs them out everywhere)
 * With the embedded database (PGlite), stop the dashboard first: one process may open it at a time.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { recordAudit } from "@/lib/audit/record";
import { staffPasswordSchema, staffRoleSchema } from "@/lib/staff/staff-schemas";
import { staffNameSchema } from "@/lib/staff/staff-name";
import { openDatabase } from "@/lib/db/open";
import { loadDashboardConfig } from "@/lib/env/dashboard";
import { addStaff, listStaff, setStaffDisabled, setStaffPassword, setStaffRole, StaffError } from "@/lib/staff/staff-store";

const usage = `Usage: npm run staff -- add <email> --role admin|moderator [--name NAME]
       npm run staff -- list
       npm run staff -- set-role <email> admin|moderator
       npm run staff -- disable <email>
       npm run staff -- enable <email>
       npm run staff -- reset-password <email>`;

/** The password from standard input (or asked for twice), refused below the length sign-in accepts. */
async function readValidPassword(): Promise<string> {
  const password = staffPasswordSchema.safeParse(await readPassword());
  if (!password.success) throw new StaffError(`The password must have ${password.error.issues[0]?.message ?? "10 to 256 characters"}.`);
  return password.data;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  // Ask on the terminal without echoing what is typed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      rl.question(prompt, resolve);
      muted = true;
    }).finally(() => {
      muted = false;
      process.stdout.write("\n");
    });
  const first = await ask("Password: ");
  const second = await ask("Repeat password: ");
  rl.close();
  if (first !== second) throw new StaffError("The passwords do not match.");
  return first;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, name: { type: "string" } },
  });
  const [command, email, extra] = positionals;
  const config = loadDashboardConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const actor = { id: "cli", email: "command line", role: "admin" };
  try {
    switch (command) {
      case "add": {
        const role = staffRoleSchema.safeParse(values.role);
        if (!email || !role.success) throw new StaffError(usage);
        const name = values.name === undefined ? undefined : staffNameSchema.safeParse(values.name);
        if (name && !name.success) throw new StaffError(`--name: ${name.error.issues[0]?.message ?? "not a name"}`);
        const password = await readValidPassword();
        const created = await addStaff(handle.db, { email, role: role.data, name: name?.data, password });
        await recordAudit(handle.db, { actor, action: "staff.add", detail: { email: created.email, role: created.role, via: "cli" } });
        console.log(`Added ${created.email} (${created.role}).`);
        break;
      }
      case "list":
        for (const row of await listStaff(handle.db)) {
          console.log(`${row.email}\t${row.role}\t${row.disabled ? "disabled" : "active"}\t2FA ${row.twoFactorEnabled ? "on" : "off"}`);
        }
        break;
      case "set-role": {
        const role = staffRoleSchema.safeParse(extra);
        if (!email || !role.success) throw new StaffError(usage);
        await setStaffRole(handle.db, email, role.data);
        await recordAudit(handle.db, { actor, action: "staff.role.set", detail: { email, role: role.data, via: "cli" } });
        console.log(`${email} is now ${role.data}.`);
        break;
      }
      case "disable":
      case "enable": {
        if (!email) throw new StaffError(usage);
        await setStaffDisabled(handle.db, email, command === "disable");
        await recordAudit(handle.db, { actor, action: command === "disable" ? "staff.disable" : "staff.enable", detail: { email, via: "cli" } });
        console.log(`${email} is ${command}d.`);
        break;
      }
      case "reset-password": {
        if (!email) throw new StaffError(usage);
        const password = await readValidPassword();
        const row = await setStaffPassword(handle.db, email, password);
        await recordAudit(handle.db, { actor, action: "staff.password.reset", detail: { email: row.email, password: "set", via: "cli" } });
        console.log(`${row.email} has a new password and is signed out everywhere.`);
        break;
      }
      default:
        throw new StaffError(usage);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof StaffError ? error.message : error instanceof Error ? error.message : String(error));
  process.exit(1);
});
