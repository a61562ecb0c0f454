import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, databaseTargets } from "@/lib/testing/test-databases";
import { notifierFor } from "./notify";
import { openDatabase, type DatabaseHandle } from "./open";
import { freshDataDir } from "@/lib/testing/pglite-template";

type Heard = { message: unknown; local: boolean }[];
const listen = (handle: DatabaseHandle, channel: string, onListening?: () => void) => {
  const heard: Heard = [];
  const stop = handle.notifier.subscribe(channel, (message, local) => heard.push({ message, local }), onListening);
  return { heard, stop };
};

describe("database notifications on PGlite (one instance)", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = freshDataDir("notify-test-");
    handle = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a message to this process's listeners at once, and not after they stop", async () => {
    let listening = 0;
    const a = listen(handle, "test_channel", () => listening++);
    const b = listen(handle, "test_channel");
    const other = listen(handle, "other_channel");
    expect(listening).toBe(1);
    await handle.notifier.publish("test_channel", { n: 1 });
    expect(a.heard).toEqual([{ message: { n: 1 }, local: true }]);
    expect(b.heard).toEqual(a.heard);
    expect(other.heard).toEqual([]);
    a.stop();
    await handle.notifier.publish("test_channel", { n: 2 });
    expect(a.heard).toHaveLength(1);
    expect(b.heard).toHaveLength(2);
    b.stop();
    other.stop();
  });

  it("finds the handle's notifier from its Db alone", () => {
    expect(notifierFor(handle.db)).toBe(handle.notifier);
  });

  it("refuses a channel name that is not a plain identifier", () => {
    expect(() => handle.notifier.subscribe("x; drop table staff", () => undefined)).toThrow(/not a channel name/);
  });
});

const postgres = databaseTargets().find((target) => target.url);

describe.runIf(postgres)("database notifications between two instances on PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let one: DatabaseHandle;
  let two: DatabaseHandle;
  const warnings: string[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(postgres?.url ?? "");
    dataDir = mkdtempSync(path.join(tmpdir(), "notify-test-"));
    const open = () => openDatabase({ databaseUrl: scratch.url, dataDir, onNotifyWarning: (_error, message) => warnings.push(message) });
    [one, two] = [await open(), await open()];
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a message published on one to the other, and to the publisher once, in-process", async () => {
    let listening = 0;
    const onOne = listen(one, "test_channel");
    const onTwo = listen(two, "test_channel", () => listening++);
    await expect.poll(() => listening).toBe(1);
    await one.notifier.publish("test_channel", { ids: ["a", "b"] });
    await expect.poll(() => onTwo.heard).toEqual([{ message: { ids: ["a", "b"] }, local: false }]);
    // A round trip later, the publisher has still heard its own message only once.
    await two.notifier.publish("test_channel", { ids: ["c"] });
    await expect.poll(() => onOne.heard.length).toBe(2);
    expect(onOne.heard).toEqual([
      { message: { ids: ["a", "b"] }, local: true },
      { message: { ids: ["c"] }, local: false },
    ]);
    onOne.stop();
    onTwo.stop();
  });

  it("refuses a message too large for one notification", async () => {
    await expect(one.notifier.publish("test_channel", "x".repeat(8000))).rejects.toThrow(/over/);
  });

  it("listens again after the server drops the listening connection, says so, and hears what comes next", async () => {
    let listening = 0;
    const onTwo = listen(two, "test_channel", () => listening++);
    await expect.poll(() => listening).toBe(1);
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const { rowCount } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and datname = current_database()");
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await expect.poll(() => listening, { timeout: 10_000 }).toBe(2);
    expect(warnings.some((w) => /dropped; reconnecting/.test(w))).toBe(true);
    await one.notifier.publish("test_channel", "after the drop");
    await expect.poll(() => onTwo.heard).toEqual([{ message: "after the drop", local: false }]);
    onTwo.stop();
  });
});
