-- An open item whose every flag came from a muted reporter leaves the open queue (and its counts,
-- which queue_count's triggers keep per state) for this state. Nothing below uses the value:
-- PostgreSQL lets a new enum value be used only once the transaction adding it commits.
ALTER TYPE "public"."review_state" ADD VALUE 'set_aside';--> statement-breakpoint
ALTER TABLE "flag" ADD COLUMN "item_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flag" ADD COLUMN "item_upheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "flag_reporter_record_idx" ON "flag" USING btree ("flagger_uid","item_decided_at" DESC NULLS LAST,"message_id" DESC NULLS LAST) WHERE "flag"."item_decided_at" is not null;--> statement-breakpoint
UPDATE "flag" f SET "item_decided_at" = m."decided_at", "item_upheld" = m."state" = 'resolved'
  FROM "flagged_message" m WHERE m."id" = f."message_id" AND m."state" IN ('resolved', 'dismissed');--> statement-breakpoint
-- A flagger's record (their latest decided flags) is read from their own flags, a range of
-- flag_reporter_record_idx, never by joining each of their flags to its item: every statement that
-- changes items' states or decision times copies them onto the items' flags, and a flag added to an
-- item already decided takes that decision as it is inserted. Reopening clears the copy.
CREATE FUNCTION flag_item_decision_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flag f SET item_decided_at = d.decided_at, item_upheld = d.upheld
  FROM (
    SELECT n.id, CASE WHEN n.state IN ('resolved', 'dismissed') THEN n.decided_at END AS decided_at, n.state = 'resolved' AS upheld
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.state IS DISTINCT FROM o.state OR n.decided_at IS DISTINCT FROM o.decided_at
  ) d
  WHERE f.message_id = d.id AND (f.item_decided_at IS DISTINCT FROM d.decided_at OR f.item_upheld IS DISTINCT FROM d.upheld);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION flag_item_decision_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flag f SET item_decided_at = m.decided_at, item_upheld = m.state = 'resolved'
  FROM new_rows n JOIN flagged_message m ON m.id = n.message_id
  WHERE m.state IN ('resolved', 'dismissed') AND f.message_id = n.message_id AND f.flagger_uid = n.flagger_uid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flag_item_decision_update AFTER UPDATE ON "flagged_message" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_item_decision_copy();--> statement-breakpoint
CREATE TRIGGER flag_item_decision_insert AFTER INSERT ON "flag" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_item_decision_on_insert();
