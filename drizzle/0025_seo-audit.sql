CREATE TABLE "seo_audit_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_audit_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"status" integer,
	"title" text,
	"description" text,
	"canonical" text,
	"bytes" integer,
	"total_bytes" integer,
	"json_ld_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetch_ms" integer
);
--> statement-breakpoint
CREATE TABLE "seo_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"page_count" integer DEFAULT 0 NOT NULL,
	"link_count" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "seo_audit_findings" ADD CONSTRAINT "seo_audit_findings_run_id_seo_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_audit_findings" ADD CONSTRAINT "seo_audit_findings_page_id_seo_audit_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."seo_audit_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_audit_pages" ADD CONSTRAINT "seo_audit_pages_run_id_seo_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."seo_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_audit_runs" ADD CONSTRAINT "seo_audit_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_audit_findings_run_kind" ON "seo_audit_findings" USING btree ("run_id","kind","id");--> statement-breakpoint
CREATE INDEX "seo_audit_findings_page" ON "seo_audit_findings" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_audit_pages_run_path" ON "seo_audit_pages" USING btree ("run_id","path");--> statement-breakpoint
CREATE INDEX "seo_audit_pages_run_kind" ON "seo_audit_pages" USING btree ("run_id","kind","id");--> statement-breakpoint
CREATE INDEX "seo_audit_runs_requested" ON "seo_audit_runs" USING btree ("requested_at","id");