-- ADR 036 (rejected): the snapshot watermark's column and index on seven tables cost the request form about a
-- tenth of its throughput and its p99 target on PostgreSQL. Back to ADR 033's catch-up; its sync row is removed so
-- that the first start after this migration works the thread list out again (rebuildThreads).
DELETE FROM "communication_threads_sync";--> statement-breakpoint
DROP INDEX "conversation_messages_written_by";--> statement-breakpoint
DROP INDEX "customers_written_by";--> statement-breakpoint
DROP INDEX "inbound_messages_written_by";--> statement-breakpoint
DROP INDEX "outbox_written_by";--> statement-breakpoint
DROP INDEX "request_events_written_by";--> statement-breakpoint
DROP INDEX "service_requests_written_by";--> statement-breakpoint
DROP INDEX "ticket_messages_written_by";--> statement-breakpoint
ALTER TABLE "communication_threads_sync" ADD COLUMN "last_ids" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_threads_sync" DROP COLUMN "snapshot";--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "request_events" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "written_by";--> statement-breakpoint
ALTER TABLE "ticket_messages" DROP COLUMN "written_by";