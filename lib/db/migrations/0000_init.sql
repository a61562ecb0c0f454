CREATE TYPE "public"."audit_outcome" AS ENUM('pending', 'success', 'failure');--> statement-breakpoint
CREATE TYPE "public"."review_action" AS ENUM('none', 'pinned', 'sender_deactivated');--> statement-breakpoint
CREATE TYPE "public"."review_state" AS ENUM('open', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('moderator', 'admin');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" text,
	"staff_email" text,
	"staff_role" text,
	"action" text NOT NULL,
	"target_uids" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_message_id" text,
	"outcome" "audit_outcome" NOT NULL,
	"error_code" text,
	"error_status" integer,
	"request_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deactivated_user" (
	"uid" text PRIMARY KEY NOT NULL,
	"deactivated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_by_id" text,
	"deactivated_by_email" text
);
--> statement-breakpoint
CREATE TABLE "flag" (
	"message_id" text NOT NULL,
	"flagger_uid" text NOT NULL,
	"flagger_name" text NOT NULL,
	"flagger_avatar" text,
	"flagger_role" text,
	"reason_id" text NOT NULL,
	"reason_name" text NOT NULL,
	"description" text,
	"remark" text,
	"flagged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flag_message_id_flagger_uid_reason_id_flagged_at_pk" PRIMARY KEY("message_id","flagger_uid","reason_id","flagged_at")
);
--> statement-breakpoint
CREATE TABLE "flagged_message" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_uid" text NOT NULL,
	"receiver_uid" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"message" jsonb NOT NULL,
	"flagged_count" integer NOT NULL,
	"first_flagged_at" timestamp with time zone NOT NULL,
	"last_flagged_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" "review_state" DEFAULT 'open' NOT NULL,
	"reopened" boolean DEFAULT false NOT NULL,
	"assignee_id" text,
	"action_taken" "review_action" DEFAULT 'none' NOT NULL,
	"pinned_by" text,
	"pinned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "recent_user" (
	"staff_id" text NOT NULL,
	"uid" text NOT NULL,
	"name" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_user_staff_id_uid_pk" PRIMARY KEY("staff_id","uid")
);
--> statement-breakpoint
CREATE TABLE "review_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" "staff_role" DEFAULT 'moderator' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deactivated_user" ADD CONSTRAINT "deactivated_user_deactivated_by_id_staff_id_fk" FOREIGN KEY ("deactivated_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag" ADD CONSTRAINT "flag_message_id_flagged_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."flagged_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD CONSTRAINT "flagged_message_assignee_id_staff_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_message" ADD CONSTRAINT "flagged_message_decided_by_id_staff_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_user" ADD CONSTRAINT "recent_user_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_note" ADD CONSTRAINT "review_note_message_id_flagged_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."flagged_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_note" ADD CONSTRAINT "review_note_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_account" ADD CONSTRAINT "staff_account_user_id_staff_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_user_id_staff_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_staff_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_message_idx" ON "audit_log" USING btree ("target_message_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_uids_idx" ON "audit_log" USING gin ("target_uids");--> statement-breakpoint
CREATE INDEX "flag_flagger_idx" ON "flag" USING btree ("flagger_uid");--> statement-breakpoint
CREATE INDEX "flagged_message_state_idx" ON "flagged_message" USING btree ("state","last_flagged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_sender_idx" ON "flagged_message" USING btree ("sender_uid");--> statement-breakpoint
CREATE INDEX "flagged_message_conversation_idx" ON "flagged_message" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "recent_user_viewed_idx" ON "recent_user" USING btree ("staff_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_note_message_idx" ON "review_note" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_account_user_idx" ON "staff_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_session_user_idx" ON "staff_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_user_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");