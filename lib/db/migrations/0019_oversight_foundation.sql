CREATE TABLE "staff_preference" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"media_blur" integer,
	"media_greyscale" boolean,
	"media_autoplay" boolean,
	"break_reminder_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_preference_media_blur_range" CHECK ("staff_preference"."media_blur" between 0 and 40),
	CONSTRAINT "staff_preference_break_range" CHECK ("staff_preference"."break_reminder_minutes" between 0 and 480)
);
--> statement-breakpoint
ALTER TABLE "policy" ADD COLUMN "dsa_category" text DEFAULT 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_preference" ADD CONSTRAINT "staff_preference_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The default policies' categories in the DSA Transparency Database (lib/transparency/model/dsa-vocabulary.ts); admins change them.
UPDATE "policy" SET "dsa_category" = c.category FROM (VALUES
  ('Harassment', 'STATEMENT_CATEGORY_CYBER_VIOLENCE'),
  ('Hate', 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH'),
  ('Sexual content', 'STATEMENT_CATEGORY_CYBER_VIOLENCE'),
  ('Violence', 'STATEMENT_CATEGORY_VIOLENCE'),
  ('Self-harm', 'STATEMENT_CATEGORY_SELF_HARM'),
  ('Scam', 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD')
) AS c(name, category) WHERE "policy"."name" = c.name;
