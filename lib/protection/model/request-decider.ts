import type { StaffRole } from "@/lib/auth/roles";
import type { DeactivationRequest } from "./protection-schemas";

type Decider = { id: string; role: StaffRole };
type Asked = Pick<DeactivationRequest, "requestedBy">;

/**
 * Why this staff member may not approve or refuse a request, or null when they may: never the
 * requester (a protected user needs two people), and an admin when a moderator asked. The one rule
 * the server enforces and the overview uses to offer the buttons.
 */
export function whyNotDecider(staff: Decider, request: Asked): string | null {
  if (request.requestedBy.id === staff.id) {
    return "You asked for this deactivation, so another staff member must decide it: a protected user needs two people. You can cancel it instead.";
  }
  if (request.requestedBy.role === "moderator" && staff.role !== "admin") {
    return `A moderator (${request.requestedBy.name}) asked for this deactivation, so an admin must decide it.`;
  }
  return null;
}

/** Only the requester cancels: the others approve or refuse. */
export function whyNotCanceller(staff: Decider, request: Asked): string | null {
  return request.requestedBy.id === staff.id ? null : `Only ${request.requestedBy.name}, who asked, can cancel this request; approve or refuse it instead.`;
}
