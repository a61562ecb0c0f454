import type { BlindSample } from "@/lib/quality/model/quality-schemas";

/** A person a sample names; a reference the answer does not resolve falls back to the bare UID, as in the queue. */
export const personOf = (people: BlindSample["people"], uid: string) => people[uid] ?? { uid, name: uid, deactivated: false };

/** The name of a sampled message's sender, as its headings say it. */
export const senderName = (sample: Pick<BlindSample, "people" | "item">) => personOf(sample.people, sample.item.senderUid).name;
