CREATE TABLE "queue_wide" (
	"id" text PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL,
	"refreshing_until" timestamp with time zone,
	"body" jsonb NOT NULL
);
