import type { ReactNode } from "react";
import { requirePageSession } from "@/lib/auth/page-session";

/**
 * The role check for every admin page, above their loading boundaries: thrown from a page it came
 * after the streamed 200 had started, so a moderator got "Admins only" with status 200. From here
 * forbidden() answers 403, rendered by (dashboard)/forbidden.tsx inside the header and navigation.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageSession({ role: "admin" });
  return children;
}
