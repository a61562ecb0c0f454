import { cutText, storableText } from "@/lib/text/storable-text";
import type { PolicyGround } from "@/lib/policies/model/policy-constants";
import { DEFAULT_STATEMENT_CATEGORY, type StatementCategory } from "./dsa-vocabulary";
import { statementOfReasonsSchema, type StatementOfReasons } from "./statement-of-reasons";

/** What a statement says about the policy a decision was made under. */
export type StatementPolicy = { name: string; description: string; ground: PolicyGround; dsaCategory: StatementCategory };

/**
 * A decision that restricted content or a user, as the dashboard holds it: an upheld flagged
 * message (the chat service hid it from the app's users), or a deactivated account.
 */
export type Restriction =
  | {
      kind: "message";
      id: string;
      /** The chat service's message type: text, image, video, audio, file... */
      messageType: string;
      sentAt: Date;
      decidedAt: Date;
      /** When the service hid it (the write-back), else the decision's time. */
      appliedAt: Date;
      flagCount: number;
      reasons: readonly string[];
      /** The policy the decision named; else the one its flags' reasons map to; else none. */
      policy: StatementPolicy | null;
      policyNamed: boolean;
    }
  | { kind: "account"; auditId: number; uid: string; decidedAt: Date; policy: StatementPolicy | null };

const CONTENT_TYPE_OF: Record<string, StatementOfReasons["content_type"][number]> = {
  text: "CONTENT_TYPE_TEXT",
  image: "CONTENT_TYPE_IMAGE",
  video: "CONTENT_TYPE_VIDEO",
  audio: "CONTENT_TYPE_AUDIO",
};

const day = (date: Date) => date.toISOString().slice(0, 10);
/** Text from the chat service or an admin, made storable and cut to the field's length. */
const field = (text: string, max: number) => cutText(storableText(text), max);

/**
 * The platform's unique id for the statement: the API allows letters, digits, - and _ only, so an
 * id with anything else (chat UIDs may) is written as base64url after a "-" where a valid id
 * follows a "_": the two forms never meet.
 */
export function statementPuid(kind: string, id: string): string {
  if (/^[A-Za-z0-9_-]{1,400}$/.test(id)) return `${kind}_${id}`;
  const bytes = new TextEncoder().encode(cutText(id, 290));
  const base64 = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
  return `${kind}-${base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

/** The policy as the ground's text names it: its name, and its description when it has one. */
const policyWords = (policy: StatementPolicy) => `${policy.name}${policy.description ? `: ${policy.description}` : ""}`;

function groundFields(policy: StatementPolicy | null, explanation: string): Partial<StatementOfReasons> & Pick<StatementOfReasons, "decision_ground"> {
  if (policy?.ground === "legal") {
    return {
      decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT",
      illegal_content_legal_ground: field(policyWords(policy), 500),
      illegal_content_explanation: field(explanation, 2000),
    };
  }
  return {
    decision_ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT",
    incompatible_content_ground: field(policy ? policyWords(policy) : "The app's terms of service", 500),
    incompatible_content_explanation: field(explanation, 2000),
  };
}

/**
 * The statement of reasons for one restriction, checked against the API's schema: a record that
 * does not pass is never written (the caller's export fails, naming it, rather than publish it).
 * Nothing here was detected or decided by automated means: people flagged, a moderator decided.
 */
export function buildStatement(restriction: Restriction): StatementOfReasons {
  const category = restriction.policy?.dsaCategory ?? DEFAULT_STATEMENT_CATEGORY;
  const common = { category, automated_detection: "No", automated_decision: "AUTOMATED_DECISION_NOT_AUTOMATED" } as const;
  let statement: StatementOfReasons;
  if (restriction.kind === "message") {
    const under = restriction.policy ? `${restriction.policyNamed ? "under" : "labelled by its flags as"} the policy "${restriction.policy.name}"` : "without naming a policy";
    const reasons = restriction.reasons.length ? ` for ${restriction.reasons.join(", ")}` : "";
    const facts = `A chat message was flagged by ${restriction.flagCount} ${restriction.flagCount === 1 ? "user" : "users"}${reasons}. A moderator reviewed it and upheld the flags ${under}; the message was hidden from the app's users.`;
    const contentType = CONTENT_TYPE_OF[restriction.messageType];
    statement = {
      puid: statementPuid("message", restriction.id),
      decision_visibility: ["DECISION_VISIBILITY_CONTENT_DISABLED"],
      ...groundFields(restriction.policy, facts),
      content_type: [contentType ?? "CONTENT_TYPE_OTHER"],
      ...(contentType ? {} : { content_type_other: field(`Chat message (${restriction.messageType || "unknown type"})`, 500) }),
      content_date: day(restriction.sentAt),
      application_date: day(restriction.appliedAt),
      decision_facts: field(facts, 5000),
      source_type: "SOURCE_ARTICLE_16",
      ...common,
    };
  } else {
    const under = restriction.policy ? `under the policy "${restriction.policy.name}"` : "without naming a policy";
    const facts = `A moderator deactivated the user's account ${under}: the user cannot use the app until the account is reactivated.`;
    statement = {
      puid: statementPuid("account", `${restriction.auditId}_${restriction.uid}`),
      decision_account: "DECISION_ACCOUNT_SUSPENDED",
      ...groundFields(restriction.policy, facts),
      content_type: ["CONTENT_TYPE_OTHER"],
      content_type_other: "User account",
      content_date: day(restriction.decidedAt),
      application_date: day(restriction.decidedAt),
      decision_facts: field(facts, 5000),
      source_type: "SOURCE_VOLUNTARY",
      ...common,
    };
  }
  const checked = statementOfReasonsSchema.safeParse(statement);
  if (!checked.success) throw new Error(`the statement ${statement.puid} does not pass the DSA schema: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return checked.data;
}
