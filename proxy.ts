import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { errorBody } from "@/lib/api/errors";
import { signInPath } from "@/lib/auth/return-path";
import { env } from "@/lib/env/server";
import { hasInvalidPercentEncoding } from "@/lib/security/path-encoding";
import { contentSecurityPolicy, createNonce, setStrictTransportSecurity } from "@/lib/security/headers";

/**
 * Every page gets its own CSP nonce here: Next reads the policy from the request headers and puts
 * the nonce on the scripts it renders. Signed-out visitors are sent to the sign-in page before any
 * rendering; that is comfort only, pages and every API route check the session (and role) themselves.
 * Headers that do not change per request (for /api too) are in next.config.mjs.
 * API paths come here only when they hold a `%` (see the matcher), to refuse a malformed one.
 */
export function proxy(request: NextRequest) {
  // request.url keeps the path as sent; nextUrl's pathname may already be normalised.
  if (hasInvalidPercentEncoding(new URL(request.url).pathname)) {
    return NextResponse.json(errorBody("ERR_BAD_REQUEST", "path: the address has an invalid percent-encoding (% must be followed by two hex digits of UTF-8)."), {
      status: 400,
    });
  }
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  if (request.nextUrl.pathname !== "/sign-in" && !getSessionCookie(request)) {
    return NextResponse.redirect(new URL(signInPath(`${request.nextUrl.pathname}${request.nextUrl.search}`), request.url));
  }
  const config = env();
  const policy = contentSecurityPolicy(createNonce(), { development: config.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  setStrictTransportSecurity(response.headers, config);
  return response;
}

export const config = {
  // Every page; API routes check their own session, so the proxy sees them only when the path has a
  // percent sign, which Next would otherwise fail to decode before the route's own checks.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)", "/api/(.*%.*)"],
};
