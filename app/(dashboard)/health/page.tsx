import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { QueueHealthPage } from "@/app/_layout/queue-health-page";
import { requirePageSession } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Queue health" };

/** The moderators' summary; an admin has the whole page, under Admin. */
export default async function HealthPage() {
  const staff = await requirePageSession();
  if (staff.role === "admin") redirect("/admin/health");
  return <QueueHealthPage staff={staff} />;
}
