CREATE TYPE "public"."deactivation_request_state" AS ENUM('pending', 'approved', 'refused', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."policy_ground" AS ENUM('legal', 'terms_of_service');--> statement-breakpoint
CREATE TABLE "deactivation_request" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"requested_by_id" text,
	"requested_by_role" "staff_role" NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"policy_id" integer,
	"message_id" text,
	"state" "deactivation_request_state" DEFAULT 'pending' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
CREATE TABLE "policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"severity" integer NOT NULL,
	"strike_weight" integer DEFAULT 1 NOT NULL,
	"ground" "policy_ground" DEFAULT 'terms_of_service' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "protected_user" (
	"uid" text PRIMARY KEY NOT NULL,
	"added_by_id" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "reason_policy" (
	"reason_id" text PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporter_mute" (
	"flagger_uid" text PRIMARY KEY NOT NULL,
	"muted_by_id" text,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "team_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flag" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "strike_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deactivation_request" ADD CONSTRAINT "deactivation_request_requested_by_id_staff_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deactivation_request" ADD CONSTRAINT "deactivation_request_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deactivation_request" ADD CONSTRAINT "deactivation_request_decided_by_id_staff_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protected_user" ADD CONSTRAINT "protected_user_added_by_id_staff_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason_policy" ADD CONSTRAINT "reason_policy_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_mute" ADD CONSTRAINT "reporter_mute_muted_by_id_staff_id_fk" FOREIGN KEY ("muted_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_setting" ADD CONSTRAINT "team_setting_updated_by_id_staff_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deactivation_request_pending_idx" ON "deactivation_request" USING btree ("uid") WHERE "deactivation_request"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "deactivation_request_state_idx" ON "deactivation_request" USING btree ("state","requested_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "flagged_message" ADD CONSTRAINT "flagged_message_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flagged_message_strike_idx" ON "flagged_message" USING btree ("sender_uid","decided_at" DESC NULLS LAST) WHERE "flagged_message"."state" = 'resolved' and "flagged_message"."policy_id" is not null;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_severity_range" CHECK ("severity" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_strike_weight_range" CHECK ("strike_weight" BETWEEN 0 AND 10);--> statement-breakpoint
INSERT INTO "policy" ("name", "description", "severity", "strike_weight", "ground") VALUES
  ('Spam', 'Unsolicited promotion or repetitive messages sent in bulk.', 2, 1, 'terms_of_service'),
  ('Harassment', 'Insults, threats or repeated unwanted contact aimed at a person.', 3, 2, 'terms_of_service'),
  ('Hate', 'Attacks on people because of who they are: origin, religion, gender, disability or sexuality.', 4, 3, 'legal'),
  ('Sexual content', 'Sexually explicit material or unwanted sexual advances.', 4, 2, 'terms_of_service'),
  ('Violence', 'Threats of physical harm or glorification of violence.', 5, 3, 'legal'),
  ('Self-harm', 'Encouraging or instructing suicide or self-injury.', 5, 1, 'terms_of_service'),
  ('Scam', 'Fraud, phishing or attempts to take money or accounts by deceit.', 4, 3, 'legal'),
  ('Other', 'Something else that breaks the community guidelines.', 1, 1, 'terms_of_service');--> statement-breakpoint
-- The reasons CometChat apps ship with (and the emulator's), mapped to the policies above; admins edit the map.
INSERT INTO "reason_policy" ("reason_id", "policy_id")
SELECT r.reason_id, p.id FROM (VALUES
  ('spam', 'Spam'), ('harassment', 'Harassment'), ('hate_speech', 'Hate'), ('sexual_content', 'Sexual content'),
  ('violence', 'Violence'), ('other', 'Other')
) AS r(reason_id, policy_name) JOIN "policy" p ON p.name = r.policy_name;
