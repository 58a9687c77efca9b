CREATE TABLE "bench_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"bench_job_id" integer NOT NULL,
	"stage" text NOT NULL,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bench_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_card" text NOT NULL,
	"request_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"stage" text DEFAULT 'received' NOT NULL,
	"fault_reported" text NOT NULL,
	"condition_on_arrival" text NOT NULL,
	"accessories" text,
	"diagnosis" text,
	"estimate_paise" integer,
	"repair_notes" text,
	"test_result" text,
	"test_parameters" jsonb,
	"test_notes" text,
	"returned_at" timestamp with time zone,
	"warranty_until" timestamp with time zone,
	"warranty_repeat_of_id" integer,
	"received_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bench_jobs_job_card_unique" UNIQUE("job_card"),
	CONSTRAINT "bench_jobs_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "customer_data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_data_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "customer_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"pincode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"mobile" text,
	"name" text NOT NULL,
	"company" text,
	"email" text,
	"gstin" text,
	"notes" text,
	"user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "customers_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "customers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer,
	"kind" text,
	"make" text NOT NULL,
	"model" text,
	"rating" text,
	"serial_number" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "bench_job_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "bench_events" ADD CONSTRAINT "bench_events_bench_job_id_bench_jobs_id_fk" FOREIGN KEY ("bench_job_id") REFERENCES "public"."bench_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_events" ADD CONSTRAINT "bench_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_jobs" ADD CONSTRAINT "bench_jobs_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_jobs" ADD CONSTRAINT "bench_jobs_unit_id_equipment_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."equipment_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_jobs" ADD CONSTRAINT "bench_jobs_warranty_repeat_of_id_bench_jobs_id_fk" FOREIGN KEY ("warranty_repeat_of_id") REFERENCES "public"."bench_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_jobs" ADD CONSTRAINT "bench_jobs_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_data_requests" ADD CONSTRAINT "customer_data_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_data_requests" ADD CONSTRAINT "customer_data_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_units" ADD CONSTRAINT "equipment_units_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_units" ADD CONSTRAINT "equipment_units_site_id_customer_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."customer_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bench_events_job" ON "bench_events" USING btree ("bench_job_id","created_at");--> statement-breakpoint
CREATE INDEX "bench_jobs_request" ON "bench_jobs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "bench_jobs_unit" ON "bench_jobs" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX "bench_jobs_stage" ON "bench_jobs" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_data_requests_customer" ON "customer_data_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_data_requests_status" ON "customer_data_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "customer_sites_customer" ON "customer_sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_created" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_gstin" ON "customers" USING btree ("gstin");--> statement-breakpoint
CREATE INDEX "equipment_units_customer" ON "equipment_units" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "equipment_units_serial" ON "equipment_units" USING btree (lower("serial_number"));--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_bench_job_id_bench_jobs_id_fk" FOREIGN KEY ("bench_job_id") REFERENCES "public"."bench_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_site_id_customer_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."customer_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_customer" ON "service_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
-- Requests that came in before customers had records: one customer per mobile number, named as on their
-- latest request, and every request linked to it. References continue the month's CU counter.
WITH latest AS (
	SELECT DISTINCT ON (mobile) mobile, contact_name, company, email, created_at
	FROM service_requests ORDER BY mobile, created_at DESC
), numbered AS (
	SELECT latest.*, row_number() OVER (ORDER BY created_at, mobile) AS n FROM latest
)
INSERT INTO customers (reference, mobile, name, company, email, created_at, updated_at)
SELECT 'CU-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYMM') || '-' || lpad(n::text, greatest(4, length(n::text)), '0'), mobile, contact_name, company, email, created_at, now()
FROM numbered;
--> statement-breakpoint
INSERT INTO reference_counters (prefix, value)
SELECT 'CU-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYMM'), count(*) FROM customers HAVING count(*) > 0
ON CONFLICT (prefix) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
UPDATE service_requests r SET customer_id = c.id FROM customers c WHERE c.mobile = r.mobile AND r.customer_id IS NULL;
--> statement-breakpoint
UPDATE customers c SET user_id = u.id FROM users u WHERE u.mobile = c.mobile AND 'customer' = ANY(u.roles);
