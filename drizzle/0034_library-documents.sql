CREATE TABLE "library_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"kind" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_pins" (
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_pins_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_pins" ADD CONSTRAINT "library_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_pins" ADD CONSTRAINT "library_pins_document_id_library_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."library_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_documents_path" ON "library_documents" USING btree ("path");--> statement-breakpoint
CREATE INDEX "library_documents_brand_model" ON "library_documents" USING btree ("brand","model","id");--> statement-breakpoint
CREATE INDEX "library_pins_document" ON "library_pins" USING btree ("document_id");