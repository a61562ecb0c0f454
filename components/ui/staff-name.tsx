"use client";
import { useQuery } from "@tanstack/react-query";
import { staffDirectoryOptions } from "@/lib/queries/staff";

/**
 * A staff member named as the one who acted (claimed, noted, decided, is looking), with their email
 * in plain text beside the name: display names are chosen freely, so one can copy a colleague's.
 * Until the directory has loaded (or if it cannot), the name shows alone.
 */
export function StaffName({ id, name }: { id: string | null | undefined; name: string }) {
  const { data: emails } = useQuery({ ...staffDirectoryOptions(), select: (directory) => new Map(directory.data.map((s) => [s.id, s.email])) });
  const email = id ? emails?.get(id) : undefined;
  return (
    <span>
      {name}
      {email && <span className="font-normal break-all"> ({email})</span>}
    </span>
  );
}
