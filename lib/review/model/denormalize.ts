import type { QueueFlag, QueueItem, QueuePerson, QueueResponse, StoredItem } from "./review-schemas";

/**
 * Turns an item of the API's answer (people and reasons sent once, items referring to them by id)
 * into a self-contained one. A reference the answer does not resolve falls back to the bare id.
 */
export function denormalizeItem(
  item: StoredItem,
  people: QueueResponse["people"],
  reasons: QueueResponse["reasons"],
  reporters: QueueResponse["reporters"] = {},
): QueueItem {
  const { senderUid, receiverUid, flags, ...rest } = item;
  return {
    ...rest,
    sender: personOf(people, senderUid),
    // A group is not in `people` (a user may even share its id): the item names it itself.
    receiver: item.group ? { uid: item.group.guid, name: item.group.name, avatar: item.group.icon, deactivated: false } : personOf(people, receiverUid),
    flags: flags.map((flag): QueueFlag => {
      const flagger = personOf(people, flag.uid);
      const reason = reasons[flag.reasonId];
      return {
        ...flag,
        name: flagger.name,
        avatar: flagger.avatar,
        role: flagger.role,
        reasonName: reason?.name ?? flag.reasonId,
        description: reason?.description,
        reporter: reporters[flag.uid] ?? NO_RECORD,
      };
    }),
  };
}

const NO_RECORD = { upheld: 0, dismissed: 0, muted: false };

/** A person an answer names; a reference it does not resolve falls back to the bare UID. */
export function personOf(people: QueueResponse["people"], uid: string): QueuePerson {
  return people[uid] ?? { uid, name: uid, deactivated: false };
}
