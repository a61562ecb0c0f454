import { RecentUsersSkeleton } from "@/components/users/recent-users-skeleton";

export default function Loading() {
  return (
    <div className="space-y-8">
      <div className="h-8 w-32 animate-pulse rounded bg-slate-200" />
      <div className="h-32 max-w-xl animate-pulse rounded-lg bg-slate-100" />
      <RecentUsersSkeleton />
    </div>
  );
}
