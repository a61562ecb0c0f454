-- Substring search through trigrams (a trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "queue_count" (
	"state" "review_state" NOT NULL,
	"escalated" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flagged_message_state_flags_idx" ON "flagged_message" USING btree ("state","flagged_count" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_last_idx" ON "flagged_message" USING btree ("last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_first_idx" ON "flagged_message" USING btree ("first_flagged_at","id");--> statement-breakpoint
CREATE INDEX "flagged_message_flags_idx" ON "flagged_message" USING btree ("flagged_count" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_message_search_idx" ON "flagged_message" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Each statement that adds, changes or removes review items appends its net change per state
-- (and escalation) to queue_count, in the statement's own transaction: the sums are exact counts
-- that no query has to read the queue for. Appending never waits on another writer's row lock.
CREATE FUNCTION queue_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO queue_count (state, escalated, n)
      SELECT state, escalated_at IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO queue_count (state, escalated, n)
      SELECT state, escalated_at IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2;
  ELSE
    INSERT INTO queue_count (state, escalated, n)
      SELECT state, escalated, sum(d) FROM (
        SELECT state, escalated_at IS NOT NULL AS escalated, -1 AS d FROM old_rows
        UNION ALL
        SELECT state, escalated_at IS NOT NULL, 1 FROM new_rows
      ) changed GROUP BY 1, 2 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION queue_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM queue_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER queue_count_insert AFTER INSERT ON "flagged_message" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_count_update AFTER UPDATE ON "flagged_message" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_count_delete AFTER DELETE ON "flagged_message" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_count_truncate AFTER TRUNCATE ON "flagged_message" FOR EACH STATEMENT EXECUTE FUNCTION queue_count_clear();--> statement-breakpoint
INSERT INTO queue_count (state, escalated, n)
  SELECT state, escalated_at IS NOT NULL, count(*) FROM "flagged_message" GROUP BY 1, 2;
