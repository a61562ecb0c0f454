CREATE TYPE "public"."bulk_job_state" AS ENUM('running', 'done', 'cancelled', 'failed');--> statement-breakpoint
CREATE TABLE "review_bulk_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" text,
	"action" text NOT NULL,
	"view" jsonb NOT NULL,
	"note" text,
	"state" "bulk_job_state" DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"after_id" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "flagged_message_state_idx";--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "receiver_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "last_whole_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "walk_next_page" integer;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "page_size_refused" text;--> statement-breakpoint
ALTER TABLE "review_bulk_job" ADD CONSTRAINT "review_bulk_job_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_bulk_job_state_idx" ON "review_bulk_job" USING btree ("state","lease_until");--> statement-breakpoint
CREATE INDEX "flag_reason_idx" ON "flag" USING btree ("reason_id","message_id");--> statement-breakpoint
CREATE INDEX "flag_flagged_at_idx" ON "flag" USING btree ("flagged_at");--> statement-breakpoint
CREATE INDEX "flagged_message_state_first_idx" ON "flagged_message" USING btree ("state","first_flagged_at","id");--> statement-breakpoint
CREATE INDEX "flagged_message_assignee_idx" ON "flagged_message" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "flagged_message_state_idx" ON "flagged_message" USING btree ("state","last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "flagged_message" SET
  "receiver_type" = coalesce("message"->>'receiverType', 'user'),
  "sender_name" = coalesce("message"->'data'->'entities'->'sender'->'entity'->>'name', "sender_uid");--> statement-breakpoint
-- Search text for rows the service no longer lists (lower case, without the accent folding the
-- sync applies); the digest is cleared so every row it still lists is rewritten in full.
UPDATE "flagged_message" fm SET
  "search_text" = lower(concat_ws(E'\n', fm."text", fm."sender_name", fm."sender_uid",
    coalesce(fm."message"->'data'->'entities'->'receiver'->'entity'->>'name', ''), fm."receiver_uid",
    (SELECT string_agg(f."flagger_name" || E'\n' || f."flagger_uid", E'\n') FROM "flag" f WHERE f."message_id" = fm."id"))),
  "upstream_digest" = NULL;
