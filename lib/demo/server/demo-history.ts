import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { flaggedMessageSchema } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { auditLog, flag, flaggedMessage, policy, qualitySample, staff } from "@/lib/db/schema";
import { flaggedToRows } from "@/lib/review/server/flagged-to-rows";

/**
 * The demo's past: decisions made before the dashboard was first started, on messages that have
 * left the emulator's flagged list since, so that strikes, reporters' records and priorities have
 * something to show from the first minute. Written once, with the demo accounts (first start in
 * demo mode), never with real credentials. Relative to `nowMs`, so the strikes are live.
 *
 * - chad-becker: three upheld items within 90 days (7 strikes): deactivation recommended;
 * - victor-crane: one upheld item within 90 days and one long expired;
 * - lena-fischer: one upheld item (2 strikes: watch);
 * - olga-kuznetsova: a reporter whose flags were nearly all dismissed;
 * - emma-johnson: a reporter whose flags were nearly all upheld;
 * - for the queue-health page: routine decisions every day of the last month by the demo accounts
 *   and two former colleagues (disabled staff rows, never signed in), waits on both sides of the
 *   24-hour target, claims and decisions in the audit log, and two items escalated days ago that
 *   still wait for an admin. Those two are past messages the emulator no longer has, so deciding
 *   one is refused by it on write-back, which the item then says.
 * - for quality sampling (pastSamples): a quarter of the last month's decisions went to a second
 *   review, most agreed, some disagreed (two ruled by an admin, the rest waiting for one), and the
 *   latest few wait for a second reviewer.
 */

const DAY = 86_400;
const HOUR = 3_600;

type Past = { sender: string; flaggers: string[]; reason: string; text: string; daysAgo: number; decision: "resolved" | "dismissed" | "escalated"; policy?: string };

const UPHELD_BY_EMMA = ["spam", "harassment", "spam", "violence", "spam", "other", "harassment", "spam", "hate_speech", "spam", "spam", "other", "harassment", "spam"];
const OLGA_FALSE_ALARMS = ["Good morning everyone!", "See you at the meetup", "lol that's so true", "Can someone share the notes?", "Happy birthday!!", "Thanks for the help yesterday", "Who's joining the call?", "Nice photo", "I disagree but ok", "Let's move this to the group", "brb", "That match last night though"];

const PAST: Past[] = [
  { sender: "chad-becker", flaggers: ["emma-johnson", "kim-hana"], reason: "harassment", text: "Nobody wants you here, log off.", daysAgo: 52, decision: "resolved", policy: "Harassment" },
  { sender: "chad-becker", flaggers: ["emma-johnson"], reason: "violence", text: "Say that again and see what happens to you.", daysAgo: 31, decision: "resolved", policy: "Violence" },
  { sender: "chad-becker", flaggers: ["wei-zhang", "emma-johnson"], reason: "harassment", text: "You're pathetic, everyone laughs at you.", daysAgo: 9, decision: "resolved", policy: "Harassment" },
  { sender: "victor-crane", flaggers: ["emma-johnson"], reason: "hate_speech", text: "People like them don't belong in this country.", daysAgo: 20, decision: "resolved", policy: "Hate" },
  { sender: "victor-crane", flaggers: ["ana-souza"], reason: "hate_speech", text: "Go back to where you came from.", daysAgo: 140, decision: "resolved", policy: "Hate" },
  { sender: "lena-fischer", flaggers: ["emma-johnson"], reason: "sexual_content", text: "Send me pics, don't be shy ;)", daysAgo: 12, decision: "resolved", policy: "Sexual content" },
  ...UPHELD_BY_EMMA.map((reason, i): Past => ({
    sender: ["dmitri-petrov", "mallory", "chinedu-okafor"][i % 3] as string,
    flaggers: ["emma-johnson"],
    reason,
    text: `Cheap followers, DM me for a deal #${i + 1}`,
    daysAgo: 100 + i * 3,
    decision: i === 5 ? "dismissed" : "resolved",
    policy: "Spam",
  })),
  ...OLGA_FALSE_ALARMS.map((text, i): Past => ({
    sender: ["ana-souza", "mateo-rossi", "kim-hana", "jonas-muller"][i % 4] as string,
    flaggers: ["olga-kuznetsova"],
    reason: "harassment",
    text,
    daysAgo: 3 + i * 4,
    decision: "dismissed",
  })),
  { sender: "mallory", flaggers: ["olga-kuznetsova"], reason: "spam", text: "Free crypto giveaway, click now", daysAgo: 60, decision: "resolved", policy: "Spam" },
  // Two or three routine decisions a day over the last month, mostly false alarms.
  ...Array.from({ length: 75 }, (_, i): Past => ({
    sender: ["mateo-rossi", "jonas-muller", "dmitri-petrov", "ana-souza", "wei-zhang"][i % 5] as string,
    flaggers: [["kim-hana", "wei-zhang", "jonas-muller"][i % 3] as string],
    reason: i % 5 === 2 ? "spam" : "other",
    text: i % 5 === 2 ? `Limited offer, only today #${i + 1}` : `Is anyone else seeing this? (${i + 1})`,
    daysAgo: 0.2 + i * 0.4,
    decision: i % 5 === 2 ? "resolved" : "dismissed",
    policy: i % 5 === 2 ? "Spam" : undefined,
  })),
  { sender: "chad-becker", flaggers: ["wei-zhang"], reason: "violence", text: "I know where you live.", daysAgo: 4, decision: "escalated" },
  { sender: "victor-crane", flaggers: ["emma-johnson", "kim-hana"], reason: "hate_speech", text: "They should all be thrown out.", daysAgo: 1.5, decision: "escalated" },
];

/** Hours from first flag to decision, in turn: most within the 24-hour target, some over it. */
const WAIT_HOURS = [2, 6, 11, 20, 30, 3, 8, 40, 1, 14];
/** Minutes an item was with its moderator, claim to decision, in turn; 0: decided straight from the list. */
const CLAIM_MINUTES = [25, 0, 90, 12, 240, 45, 0, 30];

/** Colleagues who decided items in the demo's past; disabled, with no password: nobody signs in as them. */
const FORMER_COLLEAGUES = [
  { id: "demo-colleague-priya", name: "Priya Nair", email: "priya.nair@example.com" },
  { id: "demo-colleague-tomas", name: "Tomás Silva", email: "tomas.silva@example.com" },
];

type DecidedRow = { id: string; state?: string; decidedAt?: Date | null; decidedById?: string | null; policyId?: number | null };

/** Every fourth decision of the last month is sampled; of those reviewed, every sixth disagreed. */
function pastSamples(rows: DecidedRow[], deciders: readonly string[], rulerId: string | undefined, nowMs: number) {
  const month = rows.filter(
    (row): row is DecidedRow & { state: "resolved" | "dismissed"; decidedAt: Date } =>
      (row.state === "resolved" || row.state === "dismissed") && !!row.decidedAt && nowMs - row.decidedAt.getTime() < 30 * DAY * 1000,
  );
  const drawn = month.filter((_, i) => i % 4 === 0);
  return drawn.map((row, k) => {
    const first = { messageId: row.id, decidedAt: row.decidedAt, sampledAt: row.decidedAt, firstById: row.decidedById ?? null, firstDecision: row.state, firstPolicyId: row.policyId ?? null };
    // The most recent decisions still wait for their second review.
    if (k < 3) return { ...first, state: "pending" as const };
    const reviewer = deciders[(deciders.indexOf(row.decidedById ?? "") + 1) % deciders.length] ?? null;
    const secondAt = new Date(row.decidedAt.getTime() + 6 * HOUR * 1000);
    const agreed = k % 6 !== 4;
    const other = row.state === "resolved" ? ("dismissed" as const) : ("resolved" as const);
    const second = { ...first, secondById: reviewer, secondAt, secondDecision: agreed ? row.state : other, secondPolicyId: agreed ? (row.policyId ?? null) : null };
    if (agreed) return { ...second, state: "agreed" as const };
    if (k % 12 !== 4 || !rulerId) return { ...second, state: "disputed" as const, secondNote: "Reads differently to me in context." };
    return { ...second, state: "ruled" as const, rulingById: rulerId, rulingDecision: row.state, rulingPolicyId: row.policyId ?? null, rulingNote: "The first decision stands: it follows the policy.", rulingAt: new Date(secondAt.getTime() + DAY * 1000) };
  });
}

/** Message ids below the emulator's (from 10001), as old messages' would be. */
const FIRST_ID = 9_001;

export async function seedDemoHistory(db: Db, { deciderIds, nowMs }: { deciderIds: readonly string[]; nowMs: number }): Promise<number> {
  const now = Math.floor(nowMs / 1000);
  const policies = new Map((await db.select().from(policy)).map((p) => [p.name, p]));
  const deciders = [...deciderIds, ...FORMER_COLLEAGUES.map((c) => c.id)];
  const rows = PAST.map((past, i) => {
    const decidedAt = Math.round(now - past.daysAgo * DAY);
    const firstFlag = decidedAt - (WAIT_HOURS[i % WAIT_HOURS.length] ?? 5) * HOUR;
    const message = flaggedMessageSchema.parse({
      id: String(FIRST_ID + i),
      sender: past.sender,
      receiverType: "user",
      receiver: past.flaggers[0],
      category: "message",
      type: "text",
      data: { text: past.text, entities: { sender: { entityType: "user", entity: { uid: past.sender, name: past.sender } } } },
      sentAt: firstFlag - HOUR,
      flaggedBy: past.flaggers.map((uid, n) => ({ uid, name: uid, reasonId: past.reason, flaggedAt: firstFlag + n * 60 })),
    });
    const decided = past.policy ? policies.get(past.policy) : undefined;
    const rows = flaggedToRows(message, new Date(firstFlag * 1000));
    const decider = deciders[i % deciders.length] ?? null;
    if (past.decision === "escalated") {
      // Escalated a while after the first flag by the moderator, and open since.
      const escalatedAt = new Date((firstFlag + 2 * HOUR) * 1000);
      return { flags: rows.flags, message: { ...rows.message, escalatedAt, escalatedById: deciderIds[1] ?? null, escalationNote: "Reads as a threat: an admin should decide." }, audit: [] };
    }
    const claimMinutes = CLAIM_MINUTES[i % CLAIM_MINUTES.length] ?? 0;
    const entry = { staffId: decider, targetMessageId: message.id, targetUids: [past.sender], outcome: "success" as const, detail: { demoHistory: true } };
    return {
      flags: rows.flags,
      message: {
        ...rows.message,
        state: past.decision,
        assigneeId: decider,
        decidedAt: new Date(decidedAt * 1000),
        decidedById: decider,
        policyId: past.decision === "resolved" ? (decided?.id ?? null) : null,
        strikeWeight: past.decision === "resolved" ? (decided?.strikeWeight ?? 0) : 0,
      },
      audit: [
        ...(claimMinutes > 0 ? [{ ...entry, action: "review.claim", at: new Date((decidedAt - claimMinutes * 60) * 1000) }] : []),
        { ...entry, action: `review.${past.decision === "resolved" ? "resolve" : "dismiss"}`, at: new Date(decidedAt * 1000) },
      ],
    };
  });
  const ids = rows.map((row) => row.message.id);
  return db.transaction(async (tx) => {
    // Once only: a second start finds them and adds nothing.
    if ((await tx.select({ id: flaggedMessage.id }).from(flaggedMessage).where(inArray(flaggedMessage.id, ids))).length > 0) return 0;
    await tx
      .insert(staff)
      .values(FORMER_COLLEAGUES.map((colleague) => ({ ...colleague, role: "moderator" as const, disabled: true })))
      .onConflictDoNothing();
    await tx.insert(flaggedMessage).values(rows.map((row) => row.message));
    await tx.insert(flag).values(rows.flatMap((row) => row.flags));
    await tx.insert(auditLog).values(rows.flatMap((row) => row.audit));
    const [ruler] = await tx.select({ id: staff.id }).from(staff).where(and(inArray(staff.id, [...deciderIds]), eq(staff.role, "admin")));
    // Newest first, so the latest few are the ones still waiting.
    const decidedRows: DecidedRow[] = rows.map((row) => row.message).sort((a, b) => (b.decidedAt?.getTime() ?? 0) - (a.decidedAt?.getTime() ?? 0));
    const samples = pastSamples(decidedRows, deciders, ruler?.id, nowMs);
    if (samples.length) await tx.insert(qualitySample).values(samples);
    return rows.length;
  });
}
