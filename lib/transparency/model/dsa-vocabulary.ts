/**
 * The allowed values of the EU DSA Transparency Database's statement-of-reasons API
 * (transparency.dsa.ec.europa.eu, "API and Schema"; the keys as its own source declares them in
 * app/Models/Statement.php), each with the words its documentation gives it. The API takes the
 * keys; the words are for people reading an export. Declared once: the record schema, the policy
 * form's category choice and the report derive from these.
 */

export const DECISION_VISIBILITIES = {
  DECISION_VISIBILITY_CONTENT_REMOVED: "Removal of content",
  DECISION_VISIBILITY_CONTENT_DISABLED: "Disabling access to content",
  DECISION_VISIBILITY_CONTENT_DEMOTED: "Demotion of content",
  DECISION_VISIBILITY_CONTENT_AGE_RESTRICTED: "Age restricted content",
  DECISION_VISIBILITY_CONTENT_INTERACTION_RESTRICTED: "Restricting interaction with content",
  DECISION_VISIBILITY_CONTENT_LABELLED: "Labelled content",
  DECISION_VISIBILITY_OTHER: "Other restriction (please specify)",
} as const;

export const DECISION_MONETARIES = {
  DECISION_MONETARY_SUSPENSION: "Suspension of monetary payments",
  DECISION_MONETARY_TERMINATION: "Termination of monetary payments",
  DECISION_MONETARY_OTHER: "Other restriction (please specify)",
} as const;

export const DECISION_PROVISIONS = {
  DECISION_PROVISION_PARTIAL_SUSPENSION: "Partial suspension of the provision of the service",
  DECISION_PROVISION_TOTAL_SUSPENSION: "Total suspension of the provision of the service",
  DECISION_PROVISION_PARTIAL_TERMINATION: "Partial termination of the provision of the service",
  DECISION_PROVISION_TOTAL_TERMINATION: "Total termination of the provision of the service",
} as const;

export const DECISION_ACCOUNTS = {
  DECISION_ACCOUNT_SUSPENDED: "Suspension of the account",
  DECISION_ACCOUNT_TERMINATED: "Termination of the account",
} as const;

export const ACCOUNT_TYPES = { ACCOUNT_TYPE_BUSINESS: "Business", ACCOUNT_TYPE_PRIVATE: "Private" } as const;

export const DECISION_GROUNDS = {
  DECISION_GROUND_ILLEGAL_CONTENT: "Illegal Content",
  DECISION_GROUND_INCOMPATIBLE_CONTENT: "Content incompatible with terms and conditions",
} as const;

export const CONTENT_TYPES = {
  CONTENT_TYPE_APP: "App",
  CONTENT_TYPE_AUDIO: "Audio",
  CONTENT_TYPE_IMAGE: "Image",
  CONTENT_TYPE_PRODUCT: "Product",
  CONTENT_TYPE_SYNTHETIC_MEDIA: "Synthetic Media",
  CONTENT_TYPE_TEXT: "Text",
  CONTENT_TYPE_VIDEO: "Video",
  CONTENT_TYPE_OTHER: "Other",
} as const;

export const STATEMENT_CATEGORIES = {
  STATEMENT_CATEGORY_ANIMAL_WELFARE: "Animal welfare",
  STATEMENT_CATEGORY_CONSUMER_INFORMATION: "Consumer information infringements",
  STATEMENT_CATEGORY_CYBER_VIOLENCE: "Cyber violence",
  STATEMENT_CATEGORY_CYBER_VIOLENCE_AGAINST_WOMEN: "Cyber violence against women",
  STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS: "Data protection and privacy violations",
  STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH: "Illegal or harmful speech",
  STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS: "Intellectual property infringements",
  STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS: "Negative effects on civic discourse or elections",
  STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE: "Type of alleged illegal content not specified by the notifier",
  STATEMENT_CATEGORY_OTHER_VIOLATION_TC: "Other violation of provider’s terms and conditions",
  STATEMENT_CATEGORY_PROTECTION_OF_MINORS: "Protection of minors",
  STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY: "Risk for public security",
  STATEMENT_CATEGORY_SCAMS_AND_FRAUD: "Scams and/or fraud",
  STATEMENT_CATEGORY_SELF_HARM: "Self-harm",
  STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS: "Unsafe, non-compliant or prohibited products",
  STATEMENT_CATEGORY_VIOLENCE: "Violence",
} as const;
export type StatementCategory = keyof typeof STATEMENT_CATEGORIES;
/** What a policy's decisions fall under until an admin says otherwise (migration 0019's column default). */
export const DEFAULT_STATEMENT_CATEGORY: StatementCategory = "STATEMENT_CATEGORY_OTHER_VIOLATION_TC";

export const SOURCE_TYPES = {
  SOURCE_ARTICLE_16: "Notice submitted in accordance with Article 16 DSA",
  SOURCE_TRUSTED_FLAGGER: "Notice submitted by a trusted flagger",
  SOURCE_TYPE_OTHER_NOTIFICATION: "Other type of notification",
  SOURCE_VOLUNTARY: "Own voluntary initiative",
} as const;

/** Yes/No are the API's values themselves here, not keys. */
export const YES_NO = ["Yes", "No"] as const;

export const AUTOMATED_DECISIONS = {
  AUTOMATED_DECISION_FULLY: "Fully automated",
  AUTOMATED_DECISION_PARTIALLY: "Partially automated",
  AUTOMATED_DECISION_NOT_AUTOMATED: "Not Automated",
} as const;

export const keysOf = <T extends Record<string, string>>(table: T) => Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
