CREATE TABLE "message_log_days" (
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"counts" jsonb NOT NULL,
	"unsettled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_log_days_channel_day_pk" PRIMARY KEY("channel","day")
);
--> statement-breakpoint
CREATE TABLE "message_log_search" (
	"outbox_id" integer PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text
);
--> statement-breakpoint
CREATE TABLE "message_log_stale" (
	"channel" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "message_log_stale_channel_day_pk" PRIMARY KEY("channel","day")
);
--> statement-breakpoint
CREATE TABLE "message_log_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"counted_before" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_log_search" ADD CONSTRAINT "message_log_search_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_log_days_unsettled" ON "message_log_days" USING btree ("channel","day") WHERE "message_log_days"."unsettled" > 0;--> statement-breakpoint
-- custom SQL (ADR 035): the SMS and e-mail logs' search ("all or part of" a number, an address or a subject),
-- answered by trigram indexes on the read side's copy of recipient and subject, never written by the outbox's
-- inserts. The rows are copied at the first start after this migration (catchUpMessageLog in
-- ~/.server/communications/log-summary.ts), and by each read of a log after that, which then merges the
-- indexes' pending lists (a search must not read through up to 4 MB of them: measured 516 pages, 28-112 ms,
-- for a search that finds nothing).
CREATE INDEX IF NOT EXISTS "message_log_search_recipient" ON "message_log_search" USING gin ("recipient" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_log_search_subject" ON "message_log_search" USING gin ("subject" gin_trgm_ops);
