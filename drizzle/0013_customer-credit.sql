CREATE TABLE "refund_sources" (
	"refund_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "refund_sources_refund_id_payment_id_pk" PRIMARY KEY("refund_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"instrument_ref" text,
	"note" text,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_number_unique" UNIQUE("number"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "refund_sources" ADD CONSTRAINT "refund_sources_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_sources" ADD CONSTRAINT "refund_sources_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_sources_payment" ON "refund_sources" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_series_serial" ON "refunds" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE INDEX "refunds_paid_on" ON "refunds" USING btree ("paid_on","id");--> statement-breakpoint
CREATE INDEX "refunds_customer" ON "refunds" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_source" ON "invoices" USING btree ("source_key") WHERE "invoices"."source_key" is not null;--> statement-breakpoint
-- custom SQL (money)
-- Invoices already issued get the source key they would have had: a contract's billing date, and a completed
-- job's invoices in the order they were made (the first "request:<id>", later ones "request:<id>/2", ...).
UPDATE "invoices" SET "source_key" = 'contract-billing:' || cb."id" FROM "contract_billings" cb WHERE cb."invoice_id" = "invoices"."id";--> statement-breakpoint
UPDATE "invoices" SET "source_key" = CASE WHEN n.rn = 1 THEN 'request:' || n."request_id" ELSE 'request:' || n."request_id" || '/' || n.rn END
FROM (
  SELECT "id", "request_id", row_number() OVER (PARTITION BY "request_id" ORDER BY "id") AS rn
  FROM "invoices"
  WHERE "kind" = 'invoice' AND "request_id" IS NOT NULL AND "quote_id" IS NULL AND "source_key" IS NULL
) n
WHERE n."id" = "invoices"."id";
