CREATE TABLE "priority_mark" (
	"message_id" text PRIMARY KEY NOT NULL
);
