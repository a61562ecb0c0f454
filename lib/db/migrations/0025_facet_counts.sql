CREATE TABLE "queue_facet_count" (
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"state" "review_state" NOT NULL,
	"escalated" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flagged_message" ADD COLUMN "reason_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "queue_facet_count_value_idx" ON "queue_facet_count" USING btree ("facet","value");--> statement-breakpoint
-- An item's reasons are its flags' reasons, distinct and sorted. The sync writes them with the item
-- (the reasons it had and its new flags'); these triggers keep them exact whoever writes flags, and
-- write an item only when its reasons differ (a flagger's reason replaced, flags added apart).
CREATE FUNCTION flag_reasons_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT message_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT message_id FROM old_rows);
  ELSE
    ids := ARRAY(
      SELECT DISTINCT o.message_id FROM old_rows o JOIN new_rows n ON n.message_id = o.message_id AND n.flagger_uid = o.flagger_uid
      WHERE n.reason_id IS DISTINCT FROM o.reason_id
    );
  END IF;
  -- Statement triggers fire for no rows too: an empty update here would set off flagged_message's
  -- triggers, whose own empty update of flag would come back here.
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE flagged_message m SET reason_ids = r.reasons
  FROM (
    SELECT t.id, coalesce((SELECT array_agg(DISTINCT f.reason_id COLLATE "C" ORDER BY f.reason_id COLLATE "C") FROM flag f WHERE f.message_id = t.id), '{}') AS reasons
    FROM unnest(ids) t(id)
  ) r
  WHERE m.id = r.id AND m.reason_ids IS DISTINCT FROM r.reasons;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flag_reasons_insert AFTER INSERT ON "flag" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_reasons_apply();--> statement-breakpoint
CREATE TRIGGER flag_reasons_update AFTER UPDATE ON "flag" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_reasons_apply();--> statement-breakpoint
CREATE TRIGGER flag_reasons_delete AFTER DELETE ON "flag" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_reasons_apply();--> statement-breakpoint
UPDATE "flagged_message" m SET "reason_ids" = r.reasons
  FROM (SELECT message_id, array_agg(DISTINCT reason_id COLLATE "C" ORDER BY reason_id COLLATE "C") AS reasons FROM "flag" GROUP BY 1) r
  WHERE m."id" = r.message_id;--> statement-breakpoint
-- queue_count's way (migration 0013) per facet value: each statement appends its net change per
-- kind, reason, and (open items) hour of first flag, state and escalation. An update that moves
-- none of them appends nothing.
CREATE FUNCTION queue_facets(state review_state, receiver_type text, reason_ids text[], first_flagged_at timestamptz) RETURNS TABLE (facet text, value text) LANGUAGE sql STABLE AS $$
  SELECT 'kind', CASE WHEN receiver_type = 'group' THEN 'group' ELSE 'direct' END
  UNION ALL
  SELECT 'reason', unnest(reason_ids)
  UNION ALL
  SELECT 'first-hour', to_char(first_flagged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') WHERE state = 'open'
$$;--> statement-breakpoint
CREATE FUNCTION queue_facet_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO queue_facet_count (facet, value, state, escalated, n)
      SELECT f.facet, f.value, r.state, r.escalated_at IS NOT NULL, count(*)
      FROM new_rows r, queue_facets(r.state, r.receiver_type, r.reason_ids, r.first_flagged_at) f GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO queue_facet_count (facet, value, state, escalated, n)
      SELECT f.facet, f.value, r.state, r.escalated_at IS NOT NULL, -count(*)
      FROM old_rows r, queue_facets(r.state, r.receiver_type, r.reason_ids, r.first_flagged_at) f GROUP BY 1, 2, 3, 4;
  ELSE
    -- Only the rows whose counted parts changed: the scorer rewrites hundreds of rows a batch and moves none.
    INSERT INTO queue_facet_count (facet, value, state, escalated, n)
      SELECT f.facet, f.value, c.state, c.escalated, sum(c.d)
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES
          (o.state, o.escalated_at IS NOT NULL, o.receiver_type, o.reason_ids, o.first_flagged_at, -1),
          (n.state, n.escalated_at IS NOT NULL, n.receiver_type, n.reason_ids, n.first_flagged_at, 1)
        ) AS c (state, escalated, receiver_type, reason_ids, first_flagged_at, d),
        queue_facets(c.state, c.receiver_type, c.reason_ids, c.first_flagged_at) f
      WHERE (o.state, o.escalated_at IS NOT NULL, o.receiver_type, o.reason_ids, o.first_flagged_at)
        IS DISTINCT FROM (n.state, n.escalated_at IS NOT NULL, n.receiver_type, n.reason_ids, n.first_flagged_at)
      GROUP BY 1, 2, 3, 4 HAVING sum(c.d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION queue_facet_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM queue_facet_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER queue_facet_count_insert AFTER INSERT ON "flagged_message" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_facet_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_facet_count_update AFTER UPDATE ON "flagged_message" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_facet_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_facet_count_delete AFTER DELETE ON "flagged_message" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_facet_count_apply();--> statement-breakpoint
CREATE TRIGGER queue_facet_count_truncate AFTER TRUNCATE ON "flagged_message" FOR EACH STATEMENT EXECUTE FUNCTION queue_facet_count_clear();--> statement-breakpoint
INSERT INTO queue_facet_count (facet, value, state, escalated, n)
  SELECT f.facet, f.value, r.state, r.escalated_at IS NOT NULL, count(*)
  FROM "flagged_message" r, queue_facets(r.state, r.receiver_type, r.reason_ids, r.first_flagged_at) f GROUP BY 1, 2, 3, 4;
