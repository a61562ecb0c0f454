import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueWide } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { listedMessage } from "@/lib/testing/listed-message";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readSharedQueueWide } from "./shared-queue-wide";
import { syncFlaggedMessages } from "./sync";

const NOW = 1_800_000_000;
const NOW_MS = NOW * 1000;
/** Every read of the overview "takes" 500 ms on this clock, so an answer lasts 500 / 0.05 = 10 s. */
const LASTS_MS = 10_000;

let h: Harness;
let tick = 0;
const lasting = { share: 0.05, maxMs: 60_000, clock: () => (tick += 500) };
const read = (atMs: number) => readSharedQueueWide(h.db, Math.floor(atMs / 1000), atMs, lasting);
const senders = async (atMs: number) => (await read(atMs)).facets.senders.map((sender) => sender.uid).sort();
const flagBy = (id: string, sender: string, at: number) => syncFlaggedMessages(h.db, [listedMessage(id, { sender, flags: [{ by: "u1", reason: "spam", at }] })], new Date(at * 1000));

describe.each(databaseTargets())("the overview and filters' choices shared by the instances on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    await flagBy("first", "sol", NOW - 60);
  });
  afterAll(() => h.close());

  it("serves the stored answer, changes and all, until it is older than its read cost allows", async () => {
    expect(await senders(NOW_MS)).toEqual(["sol"]);
    await flagBy("second", "tam", NOW);
    expect(await senders(NOW_MS + LASTS_MS - 1)).toEqual(["sol"]);
    expect(await senders(NOW_MS + LASTS_MS)).toEqual(["sol", "tam"]);
  });

  it("goes on serving the stored answer while another instance reads it again, until that claim runs out", async () => {
    const stored = NOW_MS + LASTS_MS;
    await flagBy("third", "uma", NOW + 20);
    // Another instance found it out of date first and is reading it.
    await h.db.update(queueWide).set({ refreshingUntil: new Date(stored + LASTS_MS + 1000) });
    expect(await senders(stored + LASTS_MS)).toEqual(["sol", "tam"]);
    expect(await senders(stored + LASTS_MS + 1001)).toEqual(["sol", "tam", "uma"]);
    const [row] = await h.db.select().from(queueWide);
    expect(row?.refreshingUntil).toBeNull();
  });

  it("reads again an answer of another shape, as an instance of another version may have stored", async () => {
    await flagBy("fourth", "val", NOW + 30);
    await h.db.update(queueWide).set({ body: { overview: "older" } }).where(eq(queueWide.id, "queue"));
    expect(await senders(NOW_MS + LASTS_MS + 2000)).toEqual(["sol", "tam", "uma", "val"]);
  });
});
