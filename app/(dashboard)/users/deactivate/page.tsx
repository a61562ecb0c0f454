import type { Metadata } from "next";
import { BulkDeactivate } from "@/components/users/bulk-deactivate";
import { requirePageSession } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Deactivate many users" };

export default async function BulkDeactivatePage() {
  await requirePageSession();
  return <BulkDeactivate />;
}
