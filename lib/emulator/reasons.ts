/** The moderation reasons a flag can carry. */
export const FLAG_REASONS = {
  spam: { name: "Spam", description: "Unsolicited promotion, scams or repetitive messages sent in bulk." },
  harassment: { name: "Harassment", description: "Insults, threats or repeated unwanted contact aimed at a person." },
  hate_speech: { name: "Hate speech", description: "Attacks on people because of who they are, such as their origin, religion or gender." },
  sexual_content: { name: "Sexual content", description: "Sexually explicit text or unwanted sexual advances." },
  violence: { name: "Violence", description: "Threats of physical harm or glorification of violence." },
  other: { name: "Other", description: "Something else that breaks the community guidelines." },
} as const;

export type ReasonId = keyof typeof FLAG_REASONS;

export const REASON_IDS = Object.keys(FLAG_REASONS) as [ReasonId, ...ReasonId[]];
