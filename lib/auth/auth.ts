import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { getSessionCookie } from "better-auth/cookies";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { authSchema, staff } from "@/lib/db/schema";
import { env } from "@/lib/env/server";
import { CLIENT_ADDRESS_HEADER } from "@/lib/net/client-address";
import { throttleSettings } from "./account-throttle";
import { boundedPasswordHashing } from "./password-hashing";
import { authSecret } from "./secret";
import { forgetStaffSessions } from "./session-cache";
import { checkSignInEmail } from "./sign-in-email";
import { signInThrottleHooks } from "./sign-in-throttle-hooks";
import { auditStaffRename, checkStaffNameUpdate } from "./staff-name-update";
import { isSecondFactorPath, notePendingSecondFactor, pendingSecondFactorAccount } from "./two-factor-account";

export const OIDC_PROVIDER_ID = "oidc";
const PRODUCT_NAME = "Moderation dashboard";

/**
 * Account changes the dashboard makes through its own routes (/api/account/*), which apply the
 * two-factor policy and write the audit row; straight from a browser they would skip both.
 */
const dashboardOnlyPaths = new Set(["/change-password", "/two-factor/disable", "/two-factor/generate-backup-codes"]);

/** Sign-in endpoints whose outcome goes to the audit log. */
const signInPaths = new Set(["/sign-in/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

function buildAuth(database: Db) {
  const config = env();
  const window = config.SIGN_IN_RATE_WINDOW_SECONDS;
  const attempts = { window, max: config.SIGN_IN_RATE_LIMIT };
  const throttle = signInThrottleHooks(database, throttleSettings(config));
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(database, { provider: "pg", schema: authSchema }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 10, maxPasswordLength: 256, password: boundedPasswordHashing },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "moderator", input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: config.SESSION_MAX_AGE_HOURS * 3600, updateAge: 3600 },
    account: { accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] } },
    // Kept in the shared database so the limit holds across every instance of the dashboard.
    rateLimit: {
      enabled: true,
      storage: "database",
      window,
      max: Math.max(100, config.SIGN_IN_RATE_LIMIT),
      customRules: {
        "/sign-in/email": attempts,
        "/two-factor/verify-totp": attempts,
        "/two-factor/verify-backup-code": attempts,
        // Checks the password like a sign-in, so it gets the sign-in limit rather than the plugin's
        // 3 per 10 seconds per address, which staff behind one office address set up together hit.
        "/two-factor/enable": attempts,
        "/get-session": false,
      },
    },
    databaseHooks: {
      user: {
        update: {
          // The session was read before the update, so it still holds the old name.
          after: async (user, ctx) => auditStaffRename(database, ctx?.path, ctx?.context.session?.user, user),
        },
      },
      session: {
        create: {
          // A disabled account never gets a session, whichever way it signs in.
          before: async (session) => {
            const [row] = await database.select({ disabled: staff.disabled }).from(staff).where(eq(staff.id, session.userId));
            return row && !row.disabled ? undefined : false;
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Only HTTP requests carry one; the dashboard's own server-side calls do not.
        if (ctx.request && dashboardOnlyPaths.has(ctx.path)) {
          throw new APIError("NOT_FOUND", { message: "Change your account from the account page.", code: "USE_ACCOUNT_PAGE" });
        }
        await notePendingSecondFactor(ctx);
        checkSignInEmail(ctx.path, ctx.body);
        await throttle.before(ctx.path, ctx.body);
        return checkStaffNameUpdate(ctx.path, ctx.body);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await throttle.after(ctx.path, ctx.body, ctx.context.returned);
        // Sign-out, two-factor and password changes alter what a cached session says. The session
        // lookup itself (the server's getSession, which has no request) must not forget what it is
        // about to remember.
        const token = ctx.headers ? getSessionCookie(ctx.headers) : null;
        if (token && ctx.request && ctx.request.method !== "GET") forgetStaffSessions({ token });
        if (!signInPaths.has(ctx.path) && !ctx.path.startsWith("/callback/")) return;
        const returned = ctx.context.returned;
        const session = ctx.context.newSession;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email.slice(0, 320) : undefined;
        // A failed second factor belongs to the account whose password opened it.
        const actor = session
          ? { id: session.user.id, email: session.user.email, role: String((session.user as { role?: unknown }).role ?? "") }
          : isSecondFactorPath(ctx.path)
            ? await pendingSecondFactorAccount(database, ctx)
            : null;
        const method = ctx.path.startsWith("/callback/") ? "oidc" : ctx.path.startsWith("/two-factor") ? ctx.path.split("/")[2] : "password";
        const failure = isAPIError(returned)
          ? { code: String(returned.body?.code ?? returned.status), status: returned.statusCode, message: returned.message }
          : undefined;
        const secondFactorPending = !session && !failure && ctx.path === "/sign-in/email";
        await recordAudit(
          database,
          {
            actor,
            action: ctx.path.startsWith("/two-factor") ? "auth.two_factor" : "auth.sign_in",
            detail: { method, email: actor?.email ?? email, ...(secondFactorPending ? { secondFactor: "required" } : {}) },
          },
          failure,
        );
      }),
    },
    plugins: [
      twoFactor({ issuer: PRODUCT_NAME }),
      ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${config.OIDC_ISSUER}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  // Only staff an admin has added may sign in; the identity provider does not create staff.
                  disableImplicitSignUp: true,
                },
              ],
            }),
          ]
        : []),
    ],
    advanced: {
      // The dashboard's server sets this from the socket and TRUST_PROXY (lib/cli/serve.ts); a
      // client's own X-Forwarded-For would give every attempt a fresh bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      useSecureCookies: config.appUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: { disabled: config.NODE_ENV === "test" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof buildAuth>;

const globalForAuth = globalThis as typeof globalThis & { __dashboardAuth?: Promise<Auth> };

/** The process's one better-auth instance, built on first use (after the database is open). */
export function auth(): Promise<Auth> {
  globalForAuth.__dashboardAuth ??= db().then(buildAuth).catch((error: unknown) => {
    globalForAuth.__dashboardAuth = undefined;
    throw error;
  });
  return globalForAuth.__dashboardAuth;
}
