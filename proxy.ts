import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

/**
 * Sends signed-out visitors to the sign-in page before any rendering. Comfort only: pages and every
 * API route check the session (and role) themselves.
 */
export function proxy(request: NextRequest) {
  if (!getSessionCookie(request)) return NextResponse.redirect(new URL("/sign-in", request.url));
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|sign-in|_next/|favicon.ico|icon.svg|robots.txt).*)"],
};
