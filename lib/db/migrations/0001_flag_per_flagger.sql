-- One row per flagger and message: keep the latest of any earlier duplicates before the key changes.
DELETE FROM "flag" a USING "flag" b WHERE a."message_id" = b."message_id" AND a."flagger_uid" = b."flagger_uid" AND (a."flagged_at" < b."flagged_at" OR (a."flagged_at" = b."flagged_at" AND a."reason_id" < b."reason_id"));--> statement-breakpoint
ALTER TABLE "flag" DROP CONSTRAINT "flag_message_id_flagger_uid_reason_id_flagged_at_pk";--> statement-breakpoint
ALTER TABLE "flag" ADD CONSTRAINT "flag_message_id_flagger_uid_pk" PRIMARY KEY("message_id","flagger_uid");
