DROP INDEX "service_requests_assigned";--> statement-breakpoint
CREATE INDEX "audit_log_entity_id" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_open" ON "service_requests" USING btree ("assigned_technician_id") WHERE "service_requests"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "service_requests_assigned_completed" ON "service_requests" USING btree ("assigned_technician_id","completed_at") WHERE "service_requests"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "service_requests_duplicate_of" ON "service_requests" USING btree ("duplicate_of_id") WHERE "service_requests"."duplicate_of_id" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_customer_open" ON "service_requests" USING btree ("customer_id") WHERE "service_requests"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "service_requests_assigned" ON "service_requests" USING btree ("assigned_technician_id","assigned_at");--> statement-breakpoint
-- custom SQL (perf)
-- The back office's searches match any part of a name (ILIKE '%...%'): trigram indexes answer them instead
-- of reading every row (issue 17 §8, ADR 024). pg_trgm ships with PostgreSQL's contrib package and with
-- PGlite (loaded in app/.server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_requests_contact_name_trgm" ON "service_requests" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_requests_company_trgm" ON "service_requests" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_company_trgm" ON "customers" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_gstin_trgm" ON "customers" USING gin ("gstin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_label_trgm" ON "audit_log" USING gin ("entity_label" gin_trgm_ops);
