CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"technician_id" integer,
	"owner_user_id" integer,
	"token_hash" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_subject" CHECK (("calendar_feeds"."scope" = 'technician' and "calendar_feeds"."technician_id" is not null) or ("calendar_feeds"."scope" = 'board' and "calendar_feeds"."owner_user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_technician_id_technician_profiles_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_one_live_technician" ON "calendar_feeds" USING btree ("technician_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."scope" = 'technician';--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_one_live_board" ON "calendar_feeds" USING btree ("owner_user_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."scope" = 'board';