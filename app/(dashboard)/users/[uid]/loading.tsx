import { UserDetailsSkeleton } from "@/components/users/user-details-skeleton";

export default function Loading() {
  return <UserDetailsSkeleton />;
}
