ALTER TABLE "outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
-- custom SQL (security)
-- One-time codes already stored readable in the outbox (ADR 025): masked in the text, the
-- variables and any provider error, as every new one is. A code message not yet sent is given up (its code
-- would go out masked, and it has expired within 5 minutes anyway: the person asks for a new one).
UPDATE "outbox" SET
  "body" = regexp_replace("body", '^[0-9]{6}', '••••••'),
  "variables" = CASE WHEN "variables" ? 'code' THEN jsonb_set("variables", '{code}', '"••••••"') ELSE "variables" END,
  "last_error" = CASE
    WHEN "status" IN ('pending', 'sending') THEN 'Not sent: a one-time code queued before an upgrade'
    WHEN "variables" ? 'code' AND "variables"->>'code' <> '' THEN replace("last_error", "variables"->>'code', '••••••')
    ELSE "last_error" END,
  "status" = CASE WHEN "status" IN ('pending', 'sending') THEN 'failed' ELSE "status" END,
  "locked_until" = NULL
WHERE "channel" = 'sms'
  AND ("dedupe_key" LIKE 'otp:%' OR "dedupe_key" LIKE 'signoff-otp:%'
    OR "template" IN ('1007000000000000006', '1007000000000000031', '1007000000000000052'));
