DROP INDEX "equipment_units_serial";--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "customers_erased" ON "customers" USING btree ("erased_at") WHERE "customers"."erased_at" is not null;--> statement-breakpoint
CREATE INDEX "equipment_units_serial_key" ON "equipment_units" USING btree (upper(regexp_replace("serial_number", '[[:space:]]', '', 'g')));--> statement-breakpoint
CREATE INDEX "request_events_actor" ON "request_events" USING btree ("actor_user_id","request_id","created_at") WHERE "request_events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_assigned_closed" ON "service_requests" USING btree ("assigned_technician_id",coalesce("completed_at", "updated_at"),"id") WHERE "service_requests"."status" in ('completed', 'cancelled');--> statement-breakpoint
-- custom SQL (issue 17 §8): the WhatsApp list's newest numbers and the feedback list's order, read by an index
-- (neither table is written by the request form's submission).
CREATE INDEX IF NOT EXISTS "conversation_messages_whatsapp_latest" ON "conversation_messages" ("mobile", "created_at" DESC, "id" DESC) WHERE channel = 'whatsapp' AND mobile IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_latest" ON "feedback" ((coalesce("rated_at", "requested_at")), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_unanswered" ON "feedback" ("requested_at", "id") WHERE rating IS NULL;
