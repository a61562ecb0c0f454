CREATE TABLE "sync_state" (
	"id" text PRIMARY KEY NOT NULL,
	"leader" text NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_duration_ms" integer NOT NULL,
	"items_seen" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"page_limit" integer DEFAULT 0 NOT NULL,
	"last_page_count" integer DEFAULT 0 NOT NULL,
	"more_may_be_waiting" boolean DEFAULT false NOT NULL,
	"items_written" integer DEFAULT 0 NOT NULL,
	"unreadable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error_code" text,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
