import type { Metadata } from "next";
import { QueueHealthPage } from "@/app/_layout/queue-health-page";
import { requirePageSession } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Queue health" };

export default async function AdminHealthPage() {
  return <QueueHealthPage staff={await requirePageSession({ role: "admin" })} />;
}
