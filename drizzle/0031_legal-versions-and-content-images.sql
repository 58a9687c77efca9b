CREATE TABLE "content_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"alt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"effective_on" date NOT NULL,
	"label" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_by_name" text
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "technician_profiles" ADD COLUMN "consent_legal_version_id" integer;--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_images_name" ON "content_images" USING btree ("name");--> statement-breakpoint
CREATE INDEX "content_images_created" ON "content_images" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_versions_slug_number" ON "legal_versions" USING btree ("slug","number");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_marketing_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("marketing_consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_profiles" ADD CONSTRAINT "technician_profiles_consent_legal_version_id_legal_versions_id_fk" FOREIGN KEY ("consent_legal_version_id") REFERENCES "public"."legal_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "legal_versions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'legal_versions rows are never changed or deleted: publish a new version instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "legal_versions_immutable" BEFORE UPDATE OR DELETE ON "legal_versions" FOR EACH ROW EXECUTE FUNCTION "legal_versions_immutable"();--> statement-breakpoint
INSERT INTO "legal_versions" ("slug", "number", "title", "summary", "body", "effective_on", "label", "published_at")
SELECT "slug", 1, "title", "summary", "body",
  CASE WHEN "data"->>'version' ~ '^\d{4}-\d{2}-\d{2}$' THEN ("data"->>'version')::date ELSE ("updated_at" AT TIME ZONE 'Asia/Kolkata')::date END,
  COALESCE(NULLIF("data"->>'version', ''), '1'), "updated_at"
FROM "content_entries" WHERE "kind" = 'page' AND "slug" IN ('privacy', 'terms', 'return-policy')
ORDER BY "slug";--> statement-breakpoint
UPDATE "service_requests" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1);--> statement-breakpoint
UPDATE "inbound_messages" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1);--> statement-breakpoint
UPDATE "discussion_topics" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1);--> statement-breakpoint
UPDATE "discussion_replies" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1) WHERE "consent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "technician_profiles" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1);--> statement-breakpoint
UPDATE "feedback" SET "consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1) WHERE "publish_consent" AND "consent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "customers" SET "marketing_consent_legal_version_id" = (SELECT "id" FROM "legal_versions" WHERE "slug" = 'privacy' AND "number" = 1) WHERE "marketing_consent_at" IS NOT NULL;
