-- An open item whose every flag came from a muted reporter leaves the open queue (and its counts,
-- which queue_count's triggers keep per state) for this state. Nothing in this migration uses the
-- value: PostgreSQL lets a new enum value be used only once the transaction adding it commits.
ALTER TYPE "public"."review_state" ADD VALUE 'set_aside';
