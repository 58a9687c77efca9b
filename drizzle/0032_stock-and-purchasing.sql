CREATE TABLE "parts_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"product_id" integer,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'nos' NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"used_quantity" integer DEFAULT 0 NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"raised_by" integer,
	"idempotency_key" text,
	"ready_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_requests_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "parts_requests_quantities" CHECK ("parts_requests"."quantity" > 0 and "parts_requests"."reserved_quantity" >= 0 and "parts_requests"."used_quantity" >= 0 and "parts_requests"."received_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"parts_request_id" integer,
	"product_id" integer,
	"description" text NOT NULL,
	"part_number" text,
	"hsn_sac" text,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'nos' NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"gst_rate" integer NOT NULL,
	CONSTRAINT "purchase_order_lines_received" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."received_quantity" <= "purchase_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"order_date" date NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"notes" text,
	"sent_at" timestamp with time zone,
	"sent_via" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_hand_change" integer DEFAULT 0 NOT NULL,
	"reserved_change" integer DEFAULT 0 NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"request_id" integer,
	"parts_request_id" integer,
	"purchase_order_id" integer,
	"job_part_id" integer,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_parts" ADD COLUMN "stock_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_parts" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_hand" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "below_reorder_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parts_requests" ADD CONSTRAINT "parts_requests_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_requests" ADD CONSTRAINT "parts_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_requests" ADD CONSTRAINT "parts_requests_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_parts_request_id_parts_requests_id_fk" FOREIGN KEY ("parts_request_id") REFERENCES "public"."parts_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_parts_request_id_parts_requests_id_fk" FOREIGN KEY ("parts_request_id") REFERENCES "public"."parts_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_job_part_id_job_parts_id_fk" FOREIGN KEY ("job_part_id") REFERENCES "public"."job_parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_requests_request" ON "parts_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "parts_requests_open" ON "parts_requests" USING btree ("created_at","id") WHERE "parts_requests"."ready_at" is null and "parts_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order" ON "purchase_order_lines" USING btree ("purchase_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_parts_request" ON "purchase_order_lines" USING btree ("parts_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_created" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor" ON "purchase_orders" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_request" ON "stock_movements" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "products_below_reorder" ON "products" USING btree ("below_reorder_since");--> statement-breakpoint
ALTER TABLE "job_parts" ADD CONSTRAINT "job_parts_returned" CHECK ("job_parts"."returned_quantity" >= 0 and "job_parts"."returned_quantity" <= "job_parts"."stock_quantity");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock" CHECK ("products"."on_hand" >= 0 and "products"."reserved" >= 0 and "products"."reserved" <= "products"."on_hand" and "products"."reorder_level" >= 0);