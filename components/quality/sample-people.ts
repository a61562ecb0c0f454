import type { BlindSample } from "@/lib/quality/model/quality-schemas";
import { personOf } from "@/lib/review/model/denormalize";

/** The name of a sampled message's sender, as its headings say it. */
export const senderName = (sample: Pick<BlindSample, "people" | "item">) => personOf(sample.people, sample.item.senderUid).name;
