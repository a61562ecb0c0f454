/**
 * The fixed values team settings choose from, apart from their zod schemas (team-settings.ts), so
 * the admins' forms offer them without loading zod into the page: zod compiles its parsers with
 * new Function(), which the Content-Security-Policy refuses.
 */
export const STRIKE_ACTIONS = ["watch", "deactivate"] as const;
