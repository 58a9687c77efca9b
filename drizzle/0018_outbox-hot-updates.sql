DROP INDEX "outbox_due";--> statement-breakpoint
DROP INDEX "outbox_created";--> statement-breakpoint
DROP INDEX "outbox_provider_message";--> statement-breakpoint
DROP INDEX "outbox_customer";--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","next_attempt_at") WHERE "outbox"."status" <> 'sent';--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox" USING btree ("channel","created_at","id") WHERE "outbox"."channel" <> 'job';--> statement-breakpoint
CREATE INDEX "outbox_provider_message" ON "outbox" USING btree ("provider_message_id") WHERE "outbox"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_customer" ON "outbox" USING btree ("customer_id","created_at") WHERE "outbox"."customer_id" is not null;