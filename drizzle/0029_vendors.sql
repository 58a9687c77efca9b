CREATE TABLE "vendor_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"bill_number" text NOT NULL,
	"bill_date" date NOT NULL,
	"gst_rate" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"supplier_state_code" text,
	"purchase_order_id" integer,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"part_number" text,
	"price_paise" bigint NOT NULL,
	"lead_time_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"state_code" text,
	"address" text,
	"city" text,
	"pincode" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_parts" ADD CONSTRAINT "vendor_parts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_parts" ADD CONSTRAINT "vendor_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bills_vendor_number" ON "vendor_bills" USING btree ("vendor_id",lower("bill_number"));--> statement-breakpoint
CREATE INDEX "vendor_bills_date" ON "vendor_bills" USING btree ("bill_date","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_vendor_date" ON "vendor_bills" USING btree ("vendor_id","bill_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_parts_vendor_product" ON "vendor_parts" USING btree ("vendor_id","product_id");--> statement-breakpoint
CREATE INDEX "vendor_parts_product" ON "vendor_parts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_gstin" ON "vendors" USING btree ("gstin");--> statement-breakpoint
CREATE INDEX "vendors_name" ON "vendors" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "vendors_name_trgm" ON "vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_city_trgm" ON "vendors" USING gin ("city" gin_trgm_ops);