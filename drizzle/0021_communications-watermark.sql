-- ADR 036: the thread list catches up by the writing transaction, not by a time window. The old sync row
-- (ids and a time) cannot say which rows its catch-up saw in a snapshot: it is removed, so the first start
-- after this migration works the list out again (rebuildThreads, as a database the backfill never saw).
DELETE FROM "communication_threads_sync";--> statement-breakpoint
ALTER TABLE "communication_threads_sync" ADD COLUMN "snapshot" text NOT NULL;--> statement-breakpoint
-- Added without a default, then given one: a volatile default in ADD COLUMN would rewrite these tables
-- (1.2 million rows at seed:volume) and date every old row to this migration. Old rows keep null.
ALTER TABLE "conversation_messages" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "conversation_messages" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "request_events" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "written_by" "xid8";--> statement-breakpoint
ALTER TABLE "ticket_messages" ALTER COLUMN "written_by" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "conversation_messages_written_by" ON "conversation_messages" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "customers_written_by" ON "customers" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "inbound_messages_written_by" ON "inbound_messages" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "outbox_written_by" ON "outbox" USING btree ("written_by") WHERE "outbox"."channel" in ('sms', 'email');--> statement-breakpoint
CREATE INDEX "request_events_written_by" ON "request_events" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "service_requests_written_by" ON "service_requests" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "ticket_messages_written_by" ON "ticket_messages" USING btree ("written_by");--> statement-breakpoint
ALTER TABLE "communication_threads_sync" DROP COLUMN "last_ids";
