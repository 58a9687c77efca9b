CREATE TABLE "content_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C') || setweight(jsonb_to_tsvector('english', "data", '["string"]'), 'D')) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_slug" ON "content_entries" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_entries_kind_position" ON "content_entries" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "content_entries_search" ON "content_entries" USING gin ("search");