import { queryOptions } from "@tanstack/react-query";
import { encodeSegment } from "@/lib/chat/path";
import type { z } from "zod";
import type { responses } from "@/lib/chat/schemas";
import type { recentUsersSchema, userContextSchema } from "@/lib/users/user-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The dashboard's API path of one user (mutations build on it too). */
export const userPath = (uid: string) => `/api/users/${encodeSegment(uid)}`;

/** The user exactly as the chat service returned it (through the dashboard's API). */
export const userDetailOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(uid), queryFn: () => apiFetch<z.infer<typeof responses.getUser>>(userPath(uid)) });

/** The dashboard's own record of the user: flagged messages sent, flags raised, deactivation. */
export const userContextOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.users.context(uid), queryFn: () => apiFetch<z.infer<typeof userContextSchema>>(`${userPath(uid)}/context`) });

/** The users the signed-in staff member opened recently, newest first. */
export const recentUsersOptions = () =>
  queryOptions({ queryKey: queryKeys.users.recent(), queryFn: () => apiFetch<z.infer<typeof recentUsersSchema>>("/api/me/recent-users") });
