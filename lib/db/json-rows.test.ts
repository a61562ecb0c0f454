import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flag, flaggedMessage } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { jsonRows, takeIncoming } from "./json-rows";

let h: Harness;

const message = (id: string, text: string): typeof flaggedMessage.$inferInsert => ({
  id,
  conversationId: `${id}-conversation`,
  senderUid: "mallory",
  senderName: 'Mal "the" \\ lory',
  receiverUid: "kim-hana",
  receiverType: "user",
  text,
  searchText: text.toLowerCase(),
  message: { type: "text", data: { text, entities: { nested: [1, "two", null, { deep: true }] } } },
  flaggedCount: 2,
  firstFlaggedAt: new Date("2026-11-20T10:00:00.123Z"),
  lastFlaggedAt: new Date("2026-11-29T04:05:06.789Z"),
  sentAt: new Date("2026-11-20T09:59:59.001Z"),
  firstSeenAt: new Date("2026-11-29T04:05:07.000Z"),
  upstreamDigest: `digest-${id}`,
});

async function insertMessages(rows: (typeof flaggedMessage.$inferInsert)[]) {
  const json = jsonRows(flaggedMessage, rows);
  await h.db.execute(sql`insert into ${flaggedMessage} ${json.columns} ${json.select}`);
}

describe.each(databaseTargets())("rows sent as one jsonb parameter on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
  });
  afterAll(async () => h.close());

  it("stores every value as one parameter each would (text, nested JSON, times to the millisecond), and upserts the columns named", async () => {
    const text = "<b>bold</b> 'quoted' \"double\" back\\slash\nnew line \ufffd 🧪 ünïcödé";
    const rows = [message("json-rows-1", text), message("json-rows-2", "second")];
    await insertMessages(rows);
    const stored = await h.db.select().from(flaggedMessage).where(inArray(flaggedMessage.id, ["json-rows-1", "json-rows-2"])).orderBy(flaggedMessage.id);
    expect(stored.map((row) => Object.fromEntries(Object.keys(rows[0] ?? {}).map((key) => [key, row[key as keyof typeof row]])))).toEqual(rows);
    // Columns it was not given keep their defaults.
    expect(stored[0]).toMatchObject({ state: "open", version: 1, priority: 0 });

    // An upsert takes the incoming values of the columns named, and keeps the others.
    const again = jsonRows(flaggedMessage, [{ ...message("json-rows-2", "changed"), senderName: "Someone else" }]);
    await h.db.execute(sql`insert into ${flaggedMessage} ${again.columns} ${again.select} on conflict (id) do update set ${takeIncoming(flaggedMessage, ["text"])}`);
    const [changed] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, "json-rows-2"));
    expect(changed).toMatchObject({ text: "changed", senderName: rows[1]?.senderName });
  });

  it("writes every key any row has, and null where a row lacks one", async () => {
    await insertMessages([message("json-rows-flags", "flags")]);
    const base = { messageId: "json-rows-flags", reasonId: "spam", reasonName: "Spam", flaggedAt: new Date("2026-11-29T01:02:03.456Z") };
    const setAsideAt = new Date("2026-11-29T02:00:00.000Z");
    const json = jsonRows(flag, [
      { ...base, flaggerUid: "kim-hana", flaggerName: "Kim" },
      { ...base, flaggerUid: "wei-zhang", flaggerName: "Wei", remark: "again", setAsideAt },
    ]);
    await h.db.execute(sql`insert into ${flag} ${json.columns} ${json.select}`);
    const stored = await h.db.select().from(flag).where(eq(flag.messageId, "json-rows-flags")).orderBy(flag.flaggerUid);
    expect(stored).toMatchObject([
      { flaggerUid: "kim-hana", remark: null, setAsideAt: null, itemUpheld: false },
      { flaggerUid: "wei-zhang", remark: "again", setAsideAt },
    ]);
  });

  it("fails on a value its column refuses with a data exception (class 22), as a parameter would, and refuses a key that is no column", async () => {
    const error = await insertMessages([{ ...message("json-rows-big", "big"), flaggedCount: 2 ** 40 }]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    let code: unknown;
    for (let e: unknown = error; e instanceof Error && code === undefined; e = e.cause) code = (e as { code?: unknown }).code;
    expect(String(code)).toMatch(/^22/);
    expect(await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, "json-rows-big"))).toEqual([]);
    expect(() => jsonRows(flaggedMessage, [{ ...message("x", "x"), notAColumn: 1 } as typeof flaggedMessage.$inferInsert])).toThrow("notAColumn is not a column of the table");
  });
});
