/**
 * The fixed values team settings choose from, apart from their zod schemas (team-settings.ts), so
 * the admins' forms offer them without loading zod into the page: zod compiles its parsers with
 * new Function(), which the Content-Security-Policy refuses.
 */
export const STRIKE_ACTIONS = ["watch", "deactivate"] as const;

/** The strongest blur (CSS px) media may be shown with until revealed, for the team and each moderator. */
export const MEDIA_BLUR_MAX_PX = 40;

/** The longest stretch of review (minutes) a break reminder may wait for; 0 turns it off. */
export const BREAK_REMINDER_MAX_MINUTES = 480;
