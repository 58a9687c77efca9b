CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_label" text,
	"before" jsonb,
	"after" jsonb,
	"ip_address" text
);
--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "paused_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "visit_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "visit_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at" ON "audit_log" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_duplicate_of_id_service_requests_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_created_id" ON "service_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_status_created" ON "service_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_response_due" ON "service_requests" USING btree ("response_due_at");--> statement-breakpoint
CREATE INDEX "service_requests_visit" ON "service_requests" USING btree ("visit_start");--> statement-breakpoint
-- Every admin made before staff roles existed keeps full access: the owner role.
UPDATE "users" SET "staff_role" = 'owner' WHERE 'admin' = ANY("roles") AND "staff_role" IS NULL;--> statement-breakpoint
-- Requests received before the response promise was stored: due from their urgency's default target.
UPDATE "service_requests" SET "response_due_at" = "created_at" + CASE "urgency" WHEN 'emergency' THEN interval '2 hours' WHEN 'within_24h' THEN interval '4 hours' ELSE interval '24 hours' END WHERE "response_due_at" IS NULL;
