"use client";
import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** The browser's side of sign-in, sign-out, two-factor and single sign-on. */
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });
