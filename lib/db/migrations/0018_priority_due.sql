DROP INDEX "flagged_message_priority_due_idx";--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "priority_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "flagged_message_priority_due_idx" ON "flagged_message" USING btree ("priority_due_at" NULLS FIRST,"id") WHERE "flagged_message"."state" = 'open';