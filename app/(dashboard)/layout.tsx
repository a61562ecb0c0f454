import type { ReactNode } from "react";
import { DashboardShell } from "@/app/_layout/dashboard-shell";
import { requirePageSession } from "@/lib/auth/page-session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const staff = await requirePageSession({ allowTwoFactorSetup: true });
  return <DashboardShell staff={staff}>{children}</DashboardShell>;
}
