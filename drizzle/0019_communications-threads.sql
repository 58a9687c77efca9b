CREATE TABLE "communication_threads" (
	"thread" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"mobile" text,
	"at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"preview" text NOT NULL,
	"awaiting" boolean NOT NULL,
	"search" text NOT NULL,
	"sort_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_threads_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_ids" jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	"awaiting" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_threads" ADD CONSTRAINT "communication_threads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_threads_latest" ON "communication_threads" USING btree ("at","sort_id");--> statement-breakpoint
CREATE INDEX "communication_threads_awaiting" ON "communication_threads" USING btree ("at","sort_id") WHERE "communication_threads"."awaiting";--> statement-breakpoint
CREATE INDEX "communication_threads_customer" ON "communication_threads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_email_lower" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "inbound_messages_mobile" ON "inbound_messages" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "inbound_messages_email" ON "inbound_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "inbound_messages_created" ON "inbound_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_unlinked_recipient" ON "outbox" USING btree (lower("recipient")) WHERE "outbox"."customer_id" is null and "outbox"."channel" in ('sms', 'email');--> statement-breakpoint
CREATE INDEX "ticket_messages_created" ON "ticket_messages" USING btree ("created_at");--> statement-breakpoint
-- custom SQL (issue 17 §8, ADR 033): the thread search box's "any part of a name, company, e-mail or mobile",
-- answered by a trigram index on the stored threads (never written by the request form). The rows themselves
-- are worked out at the first start after this migration (rebuildThreads in ~/.server/communications/thread-summary.ts).
CREATE INDEX IF NOT EXISTS "communication_threads_search" ON "communication_threads" USING gin ("search" gin_trgm_ops);
