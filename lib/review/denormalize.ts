import type { QueueFlag, QueueItem, QueuePerson, QueueResponse, StoredItem } from "./review-schemas";

/** The queue as the browser works with it: every item with its people and reasons spelled out. */
export type QueueData = Omit<QueueResponse, "data" | "people" | "reasons"> & { data: QueueItem[] };

/**
 * Turns the API's answer (people and reasons sent once, items referring to them by id) into
 * self-contained items. A reference the answer does not resolve falls back to the bare id.
 */
export function denormalizeQueue(response: QueueResponse): QueueData {
  const { data, people, reasons, ...rest } = response;
  return { ...rest, data: data.map((item) => denormalizeItem(item, people, reasons)) };
}

export function denormalizeItem(item: StoredItem, people: QueueResponse["people"], reasons: QueueResponse["reasons"]): QueueItem {
  const { senderUid, receiverUid, flags, ...rest } = item;
  return {
    ...rest,
    sender: personOf(people, senderUid),
    receiver: personOf(people, receiverUid),
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
      };
    }),
  };
}

function personOf(people: QueueResponse["people"], uid: string): QueuePerson {
  return people[uid] ?? { uid, name: uid, deactivated: false };
}
