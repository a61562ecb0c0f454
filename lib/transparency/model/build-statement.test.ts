import { describe, expect, it } from "vitest";
import { buildStatement, statementPuid, type Restriction, type StatementPolicy } from "./build-statement";
import { STATEMENT_COLUMNS, statementOfReasonsSchema } from "./statement-of-reasons";

const harassment: StatementPolicy = { name: "Harassment", description: "Insults or threats aimed at a person.", ground: "terms_of_service", dsaCategory: "STATEMENT_CATEGORY_CYBER_VIOLENCE" };
const hate: StatementPolicy = { name: "Hate", description: "Attacks on people for who they are.", ground: "legal", dsaCategory: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH" };

const message = (change: Partial<Extract<Restriction, { kind: "message" }>> = {}): Restriction => ({
  kind: "message",
  id: "10498",
  messageType: "text",
  sentAt: new Date("2026-03-01T10:00:00Z"),
  decidedAt: new Date("2026-03-02T09:00:00Z"),
  appliedAt: new Date("2026-03-02T09:00:12Z"),
  flagCount: 2,
  reasons: ["harassment", "spam"],
  policy: harassment,
  policyNamed: true,
  ...change,
});

describe("a statement of reasons built from a decision", () => {
  it("says an upheld message was hidden, under its terms-of-service policy, on users' notices, by a person", () => {
    expect(buildStatement(message())).toEqual({
      puid: "message_10498",
      decision_visibility: ["DECISION_VISIBILITY_CONTENT_DISABLED"],
      decision_ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT",
      incompatible_content_ground: "Harassment: Insults or threats aimed at a person.",
      incompatible_content_explanation:
        'A chat message was flagged by 2 users for harassment, spam. A moderator reviewed it and upheld the flags under the policy "Harassment"; the message was hidden from the app\'s users.',
      content_type: ["CONTENT_TYPE_TEXT"],
      category: "STATEMENT_CATEGORY_CYBER_VIOLENCE",
      content_date: "2026-03-01",
      application_date: "2026-03-02",
      decision_facts:
        'A chat message was flagged by 2 users for harassment, spam. A moderator reviewed it and upheld the flags under the policy "Harassment"; the message was hidden from the app\'s users.',
      source_type: "SOURCE_ARTICLE_16",
      automated_detection: "No",
      automated_decision: "AUTOMATED_DECISION_NOT_AUTOMATED",
    });
  });

  it("gives a legal policy's decisions the illegal-content ground and its fields only", () => {
    const statement = buildStatement(message({ policy: hate, messageType: "image" }));
    expect(statement).toMatchObject({
      decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT",
      illegal_content_legal_ground: "Hate: Attacks on people for who they are.",
      category: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH",
      content_type: ["CONTENT_TYPE_IMAGE"],
    });
    expect(statement).not.toHaveProperty("incompatible_content_ground");
  });

  it("says when the policy came from the flags' reasons, or when there was none", () => {
    expect(buildStatement(message({ policyNamed: false })).decision_facts).toContain('labelled by its flags as the policy "Harassment"');
    const none = buildStatement(message({ policy: null, policyNamed: false, reasons: [] }));
    expect(none).toMatchObject({ category: "STATEMENT_CATEGORY_OTHER_VIOLATION_TC", incompatible_content_ground: "The app's terms of service" });
    expect(none.decision_facts).toContain("flagged by 2 users. A moderator reviewed it and upheld the flags without naming a policy");
  });

  it("names a message type the API has no value for as other", () => {
    expect(buildStatement(message({ messageType: "file" }))).toMatchObject({ content_type: ["CONTENT_TYPE_OTHER"], content_type_other: "Chat message (file)" });
    expect(buildStatement(message({ messageType: "" }))).toMatchObject({ content_type_other: "Chat message (unknown type)" });
  });

  it("says a deactivation suspended the account, on the team's own initiative", () => {
    const statement = buildStatement({ kind: "account", auditId: 77, uid: "mallory", decidedAt: new Date("2026-03-05T12:00:00Z"), policy: harassment });
    expect(statement).toMatchObject({
      puid: "account_77_mallory",
      decision_account: "DECISION_ACCOUNT_SUSPENDED",
      content_type: ["CONTENT_TYPE_OTHER"],
      content_type_other: "User account",
      content_date: "2026-03-05",
      application_date: "2026-03-05",
      source_type: "SOURCE_VOLUNTARY",
    });
    expect(statement).not.toHaveProperty("decision_visibility");
  });

  it("keeps hostile text within the API's limits and storable: NUL, half a surrogate pair, 10,000 characters", () => {
    const hostile: StatementPolicy = { ...harassment, name: `A\u0000B\uD800`, description: "x".repeat(10_000) };
    const statement = buildStatement(message({ policy: hostile, reasons: ["r".repeat(6000)] }));
    expect(statement.incompatible_content_ground?.length).toBe(500);
    expect(statement.incompatible_content_ground?.startsWith("A\uFFFDB\uFFFD: xxx")).toBe(true);
    expect(statement.decision_facts.length).toBe(5000);
    expect(statement.incompatible_content_explanation?.length).toBe(2000);
    expect(statement.decision_facts.isWellFormed()).toBe(true);
  });
});

describe("the platform's unique id", () => {
  it("is the id itself when the API allows its characters, else base64url after a dash, so the two never meet", () => {
    expect(statementPuid("message", "10498")).toBe("message_10498");
    const odd = statementPuid("account", "77_ana souza/ü");
    expect(odd).toMatch(/^account-[A-Za-z0-9_-]+$/);
    expect(Buffer.from(odd.slice("account-".length), "base64url").toString()).toBe("77_ana souza/ü");
    expect(statementPuid("account", "x".repeat(1000)).length).toBeLessThanOrEqual(500);
  });
});

describe("the API's schema", () => {
  const valid = buildStatement(message());

  it("has a CSV column for every field", () => {
    expect([...STATEMENT_COLUMNS].sort()).toEqual(Object.keys(statementOfReasonsSchema.def.shape ?? {}).sort());
  });

  it.each([
    ["no restriction at all", { decision_visibility: undefined }],
    ["an unknown visibility key", { decision_visibility: ["DECISION_VISIBILITY_HIDDEN"] }],
    ["the other ground's fields", { illegal_content_legal_ground: "Some law" }],
    ["the illegal ground without its fields", { decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT" }],
    ["other content without saying what", { content_type: ["CONTENT_TYPE_OTHER"] }],
    ["no content type", { content_type: [] }],
    ["a day that is not in the calendar", { application_date: "2026-02-30" }],
    ["a month that is not in the calendar", { application_date: "2026-13-01" }],
    ["a day before the database's start", { application_date: "2019-12-31" }],
    ["a day with a time", { content_date: "2026-03-01T10:00:00Z" }],
    ["a puid with a space", { puid: "message 1" }],
    ["facts over 5000 characters", { decision_facts: "x".repeat(5001) }],
    ["a notifier for the team's own initiative", { source_type: "SOURCE_VOLUNTARY", source_identity: "someone" }],
    ["a field the API does not have", { moderator_email: "a@example.com" }],
    ["automated detection as a boolean", { automated_detection: false }],
  ])("refuses %s", (_, change) => {
    expect(statementOfReasonsSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
