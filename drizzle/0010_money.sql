CREATE TABLE "contract_billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"invoice_id" integer,
	CONSTRAINT "contract_billings_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "contract_units" (
	"contract_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "contract_units_contract_id_unit_id_pk" PRIMARY KEY("contract_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "contract_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_visits_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer,
	"plan" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"visits_per_year" integer NOT NULL,
	"response_hours" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"gst_rate" integer DEFAULT 18 NOT NULL,
	"sac_code" text DEFAULT '998719' NOT NULL,
	"billing" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"scope" text,
	"renewal_reminded_at" timestamp with time zone,
	"renewed_from_id" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contracts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"customer_id" integer,
	"technician_id" integer,
	"service_slug" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rating" integer,
	"comment" text,
	"rated_at" timestamp with time zone,
	"publish_consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"display_name" text,
	"publish_status" text DEFAULT 'unpublished' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"follow_up" text DEFAULT 'none' NOT NULL,
	"follow_up_note" text,
	"follow_up_closed_at" timestamp with time zone,
	"follow_up_closed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"event" text,
	"outcome" text NOT NULL,
	"reason" text,
	"invoice_id" integer,
	"payment_id" integer,
	"payload" jsonb,
	"ip_address" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"request_id" integer,
	"quote_id" integer,
	"bench_job_id" integer,
	"contract_id" integer,
	"credit_of_id" integer,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"place_of_supply_name" text NOT NULL,
	"place_of_supply_basis" text NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"po_number" text,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"round_off_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"amount_in_words" text NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"credited_paise" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"reason" text,
	"notes" text,
	"terms" text DEFAULT '' NOT NULL,
	"gateway_link_id" text,
	"gateway_link_url" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_gateway_link_id_unique" UNIQUE("gateway_link_id"),
	CONSTRAINT "invoices_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"received_on" date NOT NULL,
	"instrument_ref" text,
	"unallocated_paise" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"recorded_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "quote_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"version_number" integer NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"respondent_name" text,
	"respondent_mobile" text,
	"via" text NOT NULL,
	"user_id" integer,
	"ip_address" text,
	"user_agent" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_responses_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"number" integer NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"place_of_supply_basis" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"round_off_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"notes" text,
	"valid_until" date NOT NULL,
	"revision_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"request_id" integer,
	"bench_job_id" integer,
	"site_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"approved_version" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_reference_unique" UNIQUE("reference"),
	CONSTRAINT "quotes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"line_count" integer NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_imports_file_hash_unique" UNIQUE("file_hash")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"value_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"instrument_ref" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"invoice_id" integer,
	"payment_id" integer,
	"matched_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_sites" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "contract_billings" ADD CONSTRAINT "contract_billings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billings" ADD CONSTRAINT "contract_billings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_units" ADD CONSTRAINT "contract_units_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_units" ADD CONSTRAINT "contract_units_unit_id_equipment_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."equipment_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_visits" ADD CONSTRAINT "contract_visits_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_visits" ADD CONSTRAINT "contract_visits_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_site_id_customer_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."customer_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renewed_from_id_contracts_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_technician_id_technician_profiles_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technician_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_follow_up_closed_by_users_id_fk" FOREIGN KEY ("follow_up_closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bench_job_id_bench_jobs_id_fk" FOREIGN KEY ("bench_job_id") REFERENCES "public"."bench_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_id_invoices_id_fk" FOREIGN KEY ("credit_of_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_responses" ADD CONSTRAINT "quote_responses_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_responses" ADD CONSTRAINT "quote_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_bench_job_id_bench_jobs_id_fk" FOREIGN KEY ("bench_job_id") REFERENCES "public"."bench_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_site_id_customer_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."customer_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_billings_seq" ON "contract_billings" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE INDEX "contract_billings_due" ON "contract_billings" USING btree ("due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_visits_seq" ON "contract_visits" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE INDEX "contract_visits_due" ON "contract_visits" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "contracts_customer" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contracts_ends" ON "contracts" USING btree ("status","ends_on");--> statement-breakpoint
CREATE INDEX "contracts_created" ON "contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_rated" ON "feedback" USING btree ("rated_at","id");--> statement-breakpoint
CREATE INDEX "feedback_technician" ON "feedback" USING btree ("technician_id","rated_at");--> statement-breakpoint
CREATE INDEX "feedback_published" ON "feedback" USING btree ("publish_status","published_at");--> statement-breakpoint
CREATE INDEX "feedback_follow_up" ON "feedback" USING btree ("follow_up");--> statement-breakpoint
CREATE INDEX "gateway_events_received" ON "gateway_events" USING btree ("received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_serial" ON "invoices" USING btree ("kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_quote" ON "invoices" USING btree ("quote_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_issue_date" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_customer" ON "invoices" USING btree ("customer_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_status_due" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_request" ON "invoices" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_of" ON "invoices" USING btree ("credit_of_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_instrument" ON "payments" USING btree ("method",lower("instrument_ref")) WHERE "payments"."instrument_ref" is not null;--> statement-breakpoint
CREATE INDEX "payments_received" ON "payments" USING btree ("received_on","id");--> statement-breakpoint
CREATE INDEX "payments_customer" ON "payments" USING btree ("customer_id","received_on");--> statement-breakpoint
CREATE INDEX "quote_responses_quote" ON "quote_responses" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_number" ON "quote_versions" USING btree ("quote_id","number");--> statement-breakpoint
CREATE INDEX "quotes_status_created" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_customer" ON "quotes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_request" ON "quotes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "quotes_bench_job" ON "quotes" USING btree ("bench_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_line" ON "statement_lines" USING btree ("import_id","line_no");--> statement-breakpoint
CREATE INDEX "statement_lines_status" ON "statement_lines" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Sites already on file with a Telangana PIN code (500000-509999): their place of supply is Telangana.
UPDATE "customer_sites" SET "state_code" = '36' WHERE "pincode" ~ '^50[0-9]{4}$';
