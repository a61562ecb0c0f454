-- The priority order's index carries each item's reasons, so a reason filter walking it checks the
-- index entry instead of the row (Drizzle's index builder has no INCLUDE: lib/db/schema.ts notes it).
-- Reasons and priority are far from independent: the lowest-severity reasons sit at the bottom of the
-- order, so a page of spam walked 58,000 entries at 100,000 items; reading each row for its reasons
-- took 100-160 ms a page, checking the index entry 7-12 ms.
DROP INDEX "flagged_message_state_priority_idx";--> statement-breakpoint
CREATE INDEX "flagged_message_state_priority_idx" ON "flagged_message" USING btree ("state","priority" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("reason_ids");
