CREATE TABLE "review_undo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_view" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"view" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "escalated_by_id" text;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "escalation_note" text;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "changed_by_id" text;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_undo" ADD CONSTRAINT "review_undo_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_undo_staff_idx" ON "review_undo" USING btree ("staff_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_owner_name_idx" ON "saved_view" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "saved_view_shared_idx" ON "saved_view" USING btree ("shared");--> statement-breakpoint
ALTER TABLE "flagged_message" ADD CONSTRAINT "flagged_message_escalated_by_id_staff_id_fk" FOREIGN KEY ("escalated_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD CONSTRAINT "flagged_message_changed_by_id_staff_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;