"use client";
import { useParams } from "next/navigation";
import { UserNotFound } from "@/components/users/user-not-found";
import { uidFromParam } from "@/lib/users/uid-param";

// notFound() passes no props, so the UID is read back from the address.
export default function UserPageNotFound() {
  const params = useParams<{ uid: string }>();
  return <UserNotFound uid={uidFromParam(params.uid)} />;
}
