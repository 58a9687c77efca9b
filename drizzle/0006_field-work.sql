CREATE TABLE "job_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"product_id" integer,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit" text DEFAULT 'nos' NOT NULL,
	"added_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_parts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "job_signoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"method" text NOT NULL,
	"signature_path" text,
	"confirmed_mobile" text,
	"technician_user_id" integer,
	"idempotency_key" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_signoffs_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "job_signoffs_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "job_stage_requirements" (
	"stage" text PRIMARY KEY NOT NULL,
	"require_signoff" boolean DEFAULT false NOT NULL,
	"require_note_or_photo" boolean DEFAULT false NOT NULL,
	"require_photo" boolean DEFAULT false NOT NULL,
	"require_parts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "source" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "field_stage" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "on_site_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "on_site_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "technician_profiles" ADD COLUMN "service_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_parts" ADD CONSTRAINT "job_parts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_parts" ADD CONSTRAINT "job_parts_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_signoffs" ADD CONSTRAINT "job_signoffs_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_signoffs" ADD CONSTRAINT "job_signoffs_technician_user_id_users_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stage_requirements" ADD CONSTRAINT "job_stage_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_parts_request" ON "job_parts" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
-- The issue's default gate: "work done" needs the customer's sign-off and at least one note or photo.
INSERT INTO "job_stage_requirements" ("stage", "require_signoff", "require_note_or_photo") VALUES ('work_done', true, true) ON CONFLICT DO NOTHING;
