DROP INDEX "service_requests_created_at";--> statement-breakpoint
DROP INDEX "service_requests_assigned_completed";--> statement-breakpoint
CREATE INDEX "service_requests_received_figures" ON "service_requests" USING btree ("created_at","urgency","service_name","city","duplicate_of_id","first_contact_at","response_due_at");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_completed" ON "service_requests" USING btree ("assigned_technician_id","completed_at","labour_minutes","on_site_minutes") WHERE "service_requests"."status" = 'completed';