// GET|POST /api/auth/*: better-auth's sign-in, sign-out, two-factor and single sign-on endpoints. Public.
import { auth } from "@/lib/auth/auth";
import { env } from "@/lib/env/server";
import { setStrictTransportSecurity } from "@/lib/security/headers";

async function handle(request: Request): Promise<Response> {
  const response = await (await auth()).handler(request);
  setStrictTransportSecurity(response.headers, env());
  return response;
}

export { handle as GET, handle as POST };
