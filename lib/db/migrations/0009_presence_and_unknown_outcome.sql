ALTER TYPE "public"."audit_outcome" ADD VALUE 'unknown';--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "presence_verified_at" timestamp with time zone;