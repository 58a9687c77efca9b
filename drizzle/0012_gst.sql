ALTER TABLE "customers" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_pincode" text;