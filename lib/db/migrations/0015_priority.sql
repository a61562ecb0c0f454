ALTER TABLE "flagged_message" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "priority_detail" jsonb;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "priority_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "flagged_message_state_priority_idx" ON "flagged_message" USING btree ("state","priority" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_priority_idx" ON "flagged_message" USING btree ("priority" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_decided_idx" ON "flagged_message" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "flagged_message_priority_due_idx" ON "flagged_message" USING btree ("priority_at" NULLS FIRST,"id") WHERE "flagged_message"."state" = 'open';--> statement-breakpoint
-- Search finds an item by its message id too (lib/review/server/flagged-to-rows.ts adds it from now on).
UPDATE "flagged_message" SET "search_text" = "search_text" || chr(10) || lower("id");
