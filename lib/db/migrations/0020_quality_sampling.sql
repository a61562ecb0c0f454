CREATE TYPE "public"."quality_decision" AS ENUM('resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."quality_sample_state" AS ENUM('pending', 'agreed', 'disputed', 'ruled', 'withdrawn');--> statement-breakpoint
CREATE TABLE "quality_sample" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" "quality_sample_state" DEFAULT 'pending' NOT NULL,
	"first_by_id" text,
	"first_decision" "quality_decision" NOT NULL,
	"first_policy_id" integer,
	"second_by_id" text,
	"second_decision" "quality_decision",
	"second_policy_id" integer,
	"second_note" text,
	"second_at" timestamp with time zone,
	"ruling_by_id" text,
	"ruling_decision" "quality_decision",
	"ruling_policy_id" integer,
	"ruling_note" text,
	"ruling_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_message_id_flagged_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."flagged_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_first_by_id_staff_id_fk" FOREIGN KEY ("first_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_first_policy_id_policy_id_fk" FOREIGN KEY ("first_policy_id") REFERENCES "public"."policy"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_second_by_id_staff_id_fk" FOREIGN KEY ("second_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_second_policy_id_policy_id_fk" FOREIGN KEY ("second_policy_id") REFERENCES "public"."policy"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_ruling_by_id_staff_id_fk" FOREIGN KEY ("ruling_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_sample" ADD CONSTRAINT "quality_sample_ruling_policy_id_policy_id_fk" FOREIGN KEY ("ruling_policy_id") REFERENCES "public"."policy"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quality_sample_decision_idx" ON "quality_sample" USING btree ("message_id","decided_at");--> statement-breakpoint
CREATE INDEX "quality_sample_state_idx" ON "quality_sample" USING btree ("state","sampled_at");--> statement-breakpoint
CREATE INDEX "quality_sample_second_at_idx" ON "quality_sample" USING btree ("second_at");