CREATE TABLE "sign_in_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"delayed_until" timestamp with time zone
);
