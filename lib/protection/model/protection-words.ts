import type { Protection } from "./protection-schemas";

/** Why a user is protected, in words; apart from the schemas so pages show it without loading zod. */
export const PROTECTION_WORDS: Record<Protection["by"], string> = {
  list: "on the protected list",
  tag: "tagged",
  role: "with the role",
};

/** "on the protected list", "tagged vip", "with the role staff". */
export const describeProtection = (p: Protection) => (p.by === "list" ? PROTECTION_WORDS.list : `${PROTECTION_WORDS[p.by]} ${p.value}`);
