import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env/server";
import { contentSecurityPolicy, createNonce, setStrictTransportSecurity } from "@/lib/security/headers";

/**
 * Every page gets its own CSP nonce here: Next reads the policy from the request headers and puts
 * the nonce on the scripts it renders. Signed-out visitors are sent to the sign-in page before any
 * rendering; that is comfort only, pages and every API route check the session (and role) themselves.
 * Headers that do not change per request (for /api too) are in next.config.mjs.
 */
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname !== "/sign-in" && !getSessionCookie(request)) {
    return NextResponse.redirect(new URL("/sign-in", request.url));
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
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)"],
};
