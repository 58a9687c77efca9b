CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"job_key" text NOT NULL,
	"engine" text NOT NULL,
	"schema_version" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"total_rows" bigint NOT NULL,
	"upload_files" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"test_restored_at" timestamp with time zone,
	"test_restore_matched" boolean,
	"test_restore_detail" text,
	CONSTRAINT "backups_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "backups_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
CREATE INDEX "backups_created_at" ON "backups" USING btree ("created_at");