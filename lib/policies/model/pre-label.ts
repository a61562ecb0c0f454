import type { Policy } from "./policy-schemas";

/**
 * The policy an item arrives labelled with: its flags' reasons mapped through the team's reason
 * map, the most severe when they point to several. Archived policies label nothing (a decision
 * could not name them). Pure and cheap: the browser runs it per row, with no request.
 */
export function preLabel(reasonIds: readonly string[], reasonMap: Readonly<Record<string, number>>, policies: readonly Policy[]): Policy | undefined {
  let best: Policy | undefined;
  for (const reasonId of reasonIds) {
    const mapped = reasonMap[reasonId];
    const policy = mapped === undefined ? undefined : policies.find((p) => p.id === mapped && !p.archived);
    if (policy && (!best || policy.severity > best.severity)) best = policy;
  }
  return best;
}
