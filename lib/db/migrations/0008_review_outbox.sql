CREATE TYPE "public"."upstream_review_status" AS ENUM('approved', 'disapproved');--> statement-breakpoint
CREATE TYPE "public"."write_back_state" AS ENUM('pending', 'sent', 'refused', 'cancelled');--> statement-breakpoint
CREATE TABLE "review_outbox" (
	"message_id" text PRIMARY KEY NOT NULL,
	"status" "upstream_review_status" NOT NULL,
	"state" "write_back_state" DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_code" text,
	"decided_by_id" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_outbox" ADD CONSTRAINT "review_outbox_message_id_flagged_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."flagged_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_outbox" ADD CONSTRAINT "review_outbox_decided_by_id_staff_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_outbox_due_idx" ON "review_outbox" USING btree ("state","due_at");