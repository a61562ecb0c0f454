import type { Metadata } from "next";
import { QueueHealthPage } from "@/app/_layout/queue-health-page";
import { LazyQualitySettingsForm } from "@/components/quality/lazy-quality-parts";
import { requirePageSession } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Queue health" };

export default async function AdminHealthPage() {
  const staff = await requirePageSession({ role: "admin" });
  return (
    <div className="space-y-6">
      <QueueHealthPage staff={staff} />
      <LazyQualitySettingsForm />
    </div>
  );
}
