CREATE TABLE "trash" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"label" text NOT NULL,
	"detail" text,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" integer,
	"deleted_by_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"natural_key" text,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trash_kind_record" ON "trash" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "trash_deleted_at" ON "trash" USING btree ("deleted_at","id") WHERE "trash"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "trash_natural_key" ON "trash" USING btree ("kind","natural_key") WHERE "trash"."natural_key" is not null;