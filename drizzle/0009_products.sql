CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"make" text,
	"model" text,
	"hsn_sac" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"unit" text DEFAULT 'nos' NOT NULL,
	"price_paise" integer NOT NULL,
	"description" text,
	"published" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_name" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "products_make_model" ON "products" USING btree (lower(coalesce("make", '')),lower(coalesce("model", '')),lower("name"));--> statement-breakpoint
ALTER TABLE "job_parts" ADD CONSTRAINT "job_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;