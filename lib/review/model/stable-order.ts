/**
 * Keeps the list in the order the moderator last saw: items still in view keep their places
 * (with fresh data), items gone from view drop out, and items new to the view among them wait in
 * `pending` until the moderator asks to see them, so a refresh never moves the row under the
 * cursor. New items after the last one kept (a further page, loaded as the moderator scrolled)
 * join the end: nothing the moderator has seen moves for them.
 */
export function mergeStableOrder<T extends { id: string }>(frozenIds: readonly string[], fresh: readonly T[]): { shown: T[]; pending: T[] } {
  const byId = new Map(fresh.map((item) => [item.id, item]));
  const frozen = new Set(frozenIds);
  const shown: T[] = [];
  for (const id of frozenIds) {
    const item = byId.get(id);
    if (item) shown.push(item);
  }
  const lastKept = fresh.findLastIndex((item) => frozen.has(item.id));
  const pending: T[] = [];
  fresh.forEach((item, index) => {
    if (frozen.has(item.id)) return;
    if (index > lastKept) shown.push(item);
    else pending.push(item);
  });
  return { shown, pending };
}
