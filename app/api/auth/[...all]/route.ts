// GET|POST /api/auth/*: better-auth's sign-in, sign-out, two-factor and single sign-on endpoints. Public.
import { auth } from "@/lib/auth/auth";

async function handle(request: Request): Promise<Response> {
  return (await auth()).handler(request);
}

export { handle as GET, handle as POST };
