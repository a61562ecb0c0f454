import { describe, expect, it } from "vitest";
import { createSameAnswers } from "@/lib/chat/same-answers";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import { flaggedToRows, upstreamDigest } from "./flagged-to-rows";

const entity = (uid: string) => ({ entityType: "user", entity: { uid, name: uid.toUpperCase(), role: "default" } });
const message: FlaggedMessage = {
  id: "m1",
  conversationId: "a_user_b",
  sender: "a",
  receiverType: "user",
  receiver: "b",
  category: "message",
  type: "text",
  data: { text: "hello", entities: { sender: entity("a"), receiver: entity("b") } },
  sentAt: 1000,
  flaggedCount: 2,
  flaggedBy: [
    { uid: "f1", name: "F1", reasonId: "spam", reasonName: "Spam", flaggedAt: 1200 },
    { uid: "f2", name: "F2", reasonId: "abuse", reasonName: "Abuse", remark: "rude", flaggedAt: 1100 },
  ],
};
const seen = new Date("2025-01-01T00:00:00Z");

describe("flaggedToRows", () => {
  it("keeps the message without its flags, and its first and last flag times", () => {
    const { message: row } = flaggedToRows(message, seen);
    expect(row).toMatchObject({ id: "m1", senderUid: "a", receiverUid: "b", text: "hello", flaggedCount: 2 });
    expect(row.message).not.toHaveProperty("flaggedBy");
    expect(row.firstFlaggedAt).toEqual(new Date(1_100_000));
    expect(row.lastFlaggedAt).toEqual(new Date(1_200_000));
  });

  it("makes one row per flag with its reason and remark", () => {
    const { flags } = flaggedToRows(message, seen);
    expect(flags).toHaveLength(2);
    expect(flags[1]).toMatchObject({ messageId: "m1", flaggerUid: "f2", reasonId: "abuse", remark: "rude", flaggedAt: new Date(1_100_000), description: null });
  });

  it("keeps one flag per flagger, the latest, should the list repeat a flagger", () => {
    const repeated = { ...message, flaggedBy: [...message.flaggedBy, { uid: "f1", name: "F1", reasonId: "other", reasonName: "Other", flaggedAt: 1300 }] };
    const { flags } = flaggedToRows(repeated, seen);
    expect(flags.map((f) => [f.flaggerUid, f.reasonId])).toEqual([
      ["f1", "other"],
      ["f2", "abuse"],
    ]);
  });

  it("gives the same message the same digest, and a changed one another", () => {
    const digest = (m: FlaggedMessage) => flaggedToRows(m, seen).message.upstreamDigest;
    expect(digest(message)).toBe(digest(structuredClone(message)));
    expect(digest({ ...message, flaggedCount: 3 })).not.toBe(digest(message));
  });

  it("keeps a frozen message's digest, and digests a message that can change afresh each time", () => {
    // As the chat client hands a page back when its bytes are the same as last time.
    const frozen = createSameAnswers().parse("flagged", Buffer.from("page"), () => ({ data: [structuredClone(message)] })).data[0] as FlaggedMessage;
    expect(upstreamDigest(frozen)).toBe(upstreamDigest(message));
    expect(upstreamDigest(frozen)).toBe(upstreamDigest(structuredClone(message)));
    const changing = structuredClone(message);
    const before = upstreamDigest(changing);
    changing.flaggedBy.push({ uid: "f3", name: "F3", reasonId: "spam", reasonName: "Spam", flaggedAt: 1300 });
    expect(upstreamDigest(changing)).not.toBe(before);
  });

  it("stores UIDs in lower case, as the service keeps them, so a mixed-case UID joins and links as the lower-case one; a GUID stays as sent", () => {
    const mixed = {
      ...message,
      conversationId: undefined,
      sender: "Ana-Souza",
      receiver: "BO",
      flaggedBy: [
        { uid: "Kim", name: "Kim", reasonId: "spam", reasonName: "Spam", flaggedAt: 1200 },
        { uid: "kim", name: "Kim", reasonId: "abuse", reasonName: "Abuse", flaggedAt: 1300 },
      ],
    };
    const { message: row, flags } = flaggedToRows(mixed, seen);
    expect(row).toMatchObject({ senderUid: "ana-souza", receiverUid: "bo", conversationId: "ana-souza_user_bo" });
    expect(flags.map((f) => [f.flaggerUid, f.reasonId])).toEqual([["kim", "abuse"]]);
    const group = flaggedToRows({ ...mixed, receiverType: "group", receiver: "Hiking-Club" }, seen).message;
    expect(group).toMatchObject({ senderUid: "ana-souza", receiverUid: "Hiking-Club", conversationId: "group_Hiking-Club" });
  });

  it("never counts fewer flags than it was given", () => {
    expect(flaggedToRows({ ...message, flaggedCount: 1 }, seen).message.flaggedCount).toBe(2);
  });

  it("falls back to the send time and an empty text when the message has neither flags nor text", () => {
    const { message: row } = flaggedToRows({ ...message, data: {}, flaggedBy: [], flaggedCount: 0 }, seen);
    expect(row.text).toBe("");
    expect(row.firstFlaggedAt).toEqual(new Date(1_000_000));
  });
});
