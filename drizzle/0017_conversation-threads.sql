CREATE TABLE "conversation_threads" (
	"thread" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"mobile" text,
	"sort_id" integer NOT NULL,
	"last_at" timestamp with time zone,
	"last_channel" text,
	"last_direction" text,
	"last_preview" text,
	"last_in" timestamp with time zone,
	"last_answer" timestamp with time zone,
	"awaiting" boolean GENERATED ALWAYS AS (last_in is not null and (last_answer is null or last_answer < last_in)) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversation_threads_latest" ON "conversation_threads" USING btree ("last_at","sort_id");--> statement-breakpoint
CREATE INDEX "conversation_threads_awaiting" ON "conversation_threads" USING btree ("last_at","sort_id") WHERE awaiting;--> statement-breakpoint
CREATE INDEX "conversation_threads_customer" ON "conversation_threads" USING btree ("customer_id");--> statement-breakpoint
-- custom SQL (conversation threads, issue 17 §8, ADR 028)
-- Lookups the threads' upkeep makes by address: an outbox row by its recipient, a form or a ticket by its
-- sender's mobile or e-mail. And the outbox's search (/admin/sms, /admin/emails): any part of a recipient or
-- subject, answered by trigram indexes (pg_trgm: migration 0014) as ADR 024 did for the other lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_recipient_lower" ON "outbox" (lower("recipient"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_recipient_trgm" ON "outbox" USING gin ("recipient" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_subject_trgm" ON "outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inbound_messages_mobile" ON "inbound_messages" ("mobile");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inbound_messages_email_lower" ON "inbound_messages" (lower("email"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_contact_mobile" ON "tickets" ("contact_mobile");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_contact_email_lower" ON "tickets" (lower("contact_email"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_email_lower" ON "customers" (lower("email"));--> statement-breakpoint
DO $$ BEGIN
  CREATE TYPE conversation_activity AS (customer_id integer, mobile text, at timestamptz, channel text, direction text, preview text, answer boolean);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- Adds activity to the threads: the latest line moves forward, the last message in and the last answer only
-- grow. Commutative, so two transactions adding to one thread at once both count (ON CONFLICT re-reads the row).
CREATE OR REPLACE FUNCTION conversation_threads_merge(acts conversation_activity[]) RETURNS void LANGUAGE sql AS $fn$
  WITH a AS (
    SELECT coalesce(x.customer_id::text, x.mobile) AS thread, x.* FROM unnest(acts) x
     WHERE x.customer_id IS NOT NULL OR x.mobile IS NOT NULL
  ), s AS (
    SELECT thread, min(customer_id) AS customer_id, min(CASE WHEN customer_id IS NULL THEN mobile END) AS mobile,
           max(at) FILTER (WHERE direction = 'in') AS last_in, max(at) FILTER (WHERE answer) AS last_answer
      FROM a GROUP BY thread
  ), l AS (
    SELECT DISTINCT ON (thread) thread, at, channel, direction, preview FROM a WHERE preview IS NOT NULL ORDER BY thread, at DESC
  )
  INSERT INTO conversation_threads AS t (thread, customer_id, mobile, sort_id, last_at, last_channel, last_direction, last_preview, last_in, last_answer)
  SELECT s.thread, s.customer_id, s.mobile, coalesce(s.customer_id, 0), l.at, l.channel, l.direction, l.preview, s.last_in, s.last_answer
    FROM s LEFT JOIN l ON l.thread = s.thread
  ON CONFLICT (thread) DO UPDATE SET
    last_at = CASE WHEN excluded.last_at >= t.last_at OR t.last_at IS NULL THEN excluded.last_at ELSE t.last_at END,
    last_channel = CASE WHEN excluded.last_at >= t.last_at OR t.last_at IS NULL THEN excluded.last_channel ELSE t.last_channel END,
    last_direction = CASE WHEN excluded.last_at >= t.last_at OR t.last_at IS NULL THEN excluded.last_direction ELSE t.last_direction END,
    last_preview = CASE WHEN excluded.last_at >= t.last_at OR t.last_at IS NULL THEN excluded.last_preview ELSE t.last_preview END,
    last_in = greatest(t.last_in, excluded.last_in),
    last_answer = greatest(t.last_answer, excluded.last_answer)
$fn$;--> statement-breakpoint
-- Every piece of activity of the given customers' threads and unknown senders' threads (null: of all threads),
-- exactly as ~/.server/communications/thread.ts defines a thread: one row per message, with its thread.
CREATE OR REPLACE FUNCTION conversation_activity_of(cids integer[], mobiles text[], emails text[]) RETURNS SETOF conversation_activity
LANGUAGE sql STABLE AS $fn$
  SELECT * FROM (
    SELECT coalesce(cm.customer_id, c.id), CASE WHEN coalesce(cm.customer_id, c.id) IS NULL THEN cm.mobile END,
           cm.created_at, cm.channel, cm.direction, left(cm.body, 160), (cm.direction = 'out' AND cm.staff_user_id IS NOT NULL)
      FROM conversation_messages cm
      LEFT JOIN customers c ON cm.customer_id IS NULL AND c.mobile = cm.mobile
     WHERE (cm.customer_id IS NOT NULL OR cm.mobile IS NOT NULL)
       AND (cids IS NULL OR cm.customer_id = ANY (cids) OR cm.mobile = ANY (mobiles))
    UNION ALL
    SELECT o.customer_id, NULL, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
      FROM outbox o WHERE o.customer_id IS NOT NULL AND o.channel IN ('sms', 'email') AND (cids IS NULL OR o.customer_id = ANY (cids))
    UNION ALL
    SELECT c.id, NULL, o.created_at, o.channel, 'out', left(o.body, 160), false
      FROM outbox o JOIN customers c ON c.mobile = o.recipient
     WHERE o.customer_id IS NULL AND o.channel = 'sms' AND (cids IS NULL OR lower(o.recipient) = ANY (mobiles))
    UNION ALL
    SELECT c.id, NULL, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
      FROM outbox o JOIN customers c ON lower(c.email) = lower(o.recipient)
     WHERE o.customer_id IS NULL AND o.channel = 'email' AND (cids IS NULL OR lower(o.recipient) = ANY (emails))
    UNION ALL
    SELECT c.id, CASE WHEN c.id IS NULL THEN im.mobile END, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
      FROM inbound_messages im LEFT JOIN customers c ON c.mobile = im.mobile
     WHERE im.mobile IS NOT NULL AND (cids IS NULL OR im.mobile = ANY (mobiles))
    UNION ALL
    SELECT c.id, NULL, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
      FROM inbound_messages im JOIN customers c ON lower(c.email) = lower(im.email)
     WHERE im.mobile IS NULL AND im.email IS NOT NULL AND (cids IS NULL OR lower(im.email) = ANY (emails))
    UNION ALL
    SELECT coalesce(r.customer_id, c.id), NULL, e.created_at, 'call', 'out', left(coalesce(e.note, 'Call logged'), 160), true
      FROM request_events e JOIN service_requests r ON r.id = e.request_id
      LEFT JOIN customers c ON r.customer_id IS NULL AND c.mobile = r.mobile
     WHERE e.kind = 'call' AND coalesce(r.customer_id, c.id) IS NOT NULL
       AND (cids IS NULL OR r.customer_id = ANY (cids) OR r.mobile = ANY (mobiles))
    UNION ALL
    SELECT coalesce(r.customer_id, c.id), CASE WHEN coalesce(r.customer_id, c.id) IS NULL THEN r.mobile END,
           r.created_at, 'request', 'in', left(r.reference || ': ' || r.fault_description, 160), false
      FROM service_requests r LEFT JOIN customers c ON r.customer_id IS NULL AND c.mobile = r.mobile
     WHERE cids IS NULL OR r.customer_id = ANY (cids) OR r.mobile = ANY (mobiles)
    UNION ALL
    SELECT coalesce(r.customer_id, c.id), CASE WHEN coalesce(r.customer_id, c.id) IS NULL THEN r.mobile END,
           r.first_contact_at, 'request', 'out', NULL, true
      FROM service_requests r LEFT JOIN customers c ON r.customer_id IS NULL AND c.mobile = r.mobile
     WHERE r.first_contact_at IS NOT NULL AND (cids IS NULL OR r.customer_id = ANY (cids) OR r.mobile = ANY (mobiles))
    UNION ALL
    SELECT coalesce(t.customer_id, c.id), CASE WHEN coalesce(t.customer_id, c.id) IS NULL THEN t.contact_mobile END,
           m.created_at, 'helpdesk', CASE WHEN m.author = 'customer' THEN 'in' ELSE 'out' END,
           left(t.reference || ': ' || m.body, 160), (m.author = 'staff')
      FROM ticket_messages m JOIN tickets t ON t.id = m.ticket_id
      LEFT JOIN LATERAL (
        SELECT x.id FROM customers x
         WHERE t.customer_id IS NULL
           AND (x.mobile = t.contact_mobile OR (t.contact_email IS NOT NULL AND lower(x.email) = lower(t.contact_email)))
         ORDER BY (x.mobile = t.contact_mobile) DESC, x.id LIMIT 1) c ON true
     WHERE NOT m.internal AND (coalesce(t.customer_id, c.id) IS NOT NULL OR t.contact_mobile IS NOT NULL)
       AND (cids IS NULL OR t.customer_id = ANY (cids) OR t.contact_mobile = ANY (mobiles) OR lower(t.contact_email) = ANY (emails))
  ) a (customer_id, mobile, at, channel, direction, preview, answer)
  WHERE cids IS NULL OR a.customer_id = ANY (cids) OR (a.customer_id IS NULL AND a.mobile = ANY (mobiles))
$fn$;--> statement-breakpoint
-- Works the given threads out again from what they hold now: after a change that can take activity out of a
-- thread or move it to another (an edit, a deletion, a customer made for an unknown sender's number, a
-- changed mobile or e-mail). The customers named, those with one of the mobiles, and those mobiles' threads.
CREATE OR REPLACE FUNCTION conversation_threads_refresh(cids integer[], mobiles text[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  all_cids integer[];
  all_mobiles text[];
  all_emails text[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO all_cids FROM (
    SELECT unnest(coalesce(cids, '{}')) AS id UNION SELECT id FROM customers WHERE mobile = ANY (coalesce(mobiles, '{}'))) x WHERE id IS NOT NULL;
  SELECT coalesce(array_agg(DISTINCT m), '{}') INTO all_mobiles FROM (
    SELECT unnest(coalesce(mobiles, '{}')) AS m UNION SELECT mobile FROM customers WHERE id = ANY (all_cids)) x WHERE m IS NOT NULL;
  SELECT coalesce(array_agg(DISTINCT lower(email)), '{}') INTO all_emails FROM customers WHERE id = ANY (all_cids) AND email IS NOT NULL;
  IF cardinality(all_cids) = 0 AND cardinality(all_mobiles) = 0 THEN RETURN; END IF;
  DELETE FROM conversation_threads WHERE customer_id = ANY (all_cids) OR (customer_id IS NULL AND mobile = ANY (all_mobiles));
  PERFORM conversation_threads_merge(array(SELECT a FROM conversation_activity_of(all_cids, all_mobiles, all_emails) a));
END
$fn$;--> statement-breakpoint
-- The customers an address belongs to (by mobile, or by e-mail ignoring case).
CREATE OR REPLACE FUNCTION conversation_customers_of(mobiles text[], emails text[]) RETURNS integer[] LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(array_agg(id), '{}') FROM customers
   WHERE mobile = ANY (coalesce(mobiles, '{}')) OR lower(email) = ANY (SELECT lower(e) FROM unnest(coalesce(emails, '{}')) e)
$fn$;--> statement-breakpoint
-- New rows: added to their threads (set-based, one statement per INSERT however many rows it made).
CREATE OR REPLACE FUNCTION conversation_threads_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'conversation_messages' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(coalesce(cm.customer_id, c.id), CASE WHEN coalesce(cm.customer_id, c.id) IS NULL THEN cm.mobile END,
                 cm.created_at, cm.channel, cm.direction, left(cm.body, 160), (cm.direction = 'out' AND cm.staff_user_id IS NOT NULL))::conversation_activity
        FROM new_rows cm LEFT JOIN customers c ON cm.customer_id IS NULL AND c.mobile = cm.mobile
       WHERE cm.customer_id IS NOT NULL OR cm.mobile IS NOT NULL));
  ELSIF TG_TABLE_NAME = 'outbox' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(o.customer_id, NULL, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false)::conversation_activity
        FROM new_rows o WHERE o.customer_id IS NOT NULL AND o.channel IN ('sms', 'email')
      UNION ALL
      SELECT row(c.id, NULL, o.created_at, o.channel, 'out', left(o.body, 160), false)::conversation_activity
        FROM new_rows o JOIN customers c ON c.mobile = o.recipient WHERE o.customer_id IS NULL AND o.channel = 'sms'
      UNION ALL
      SELECT row(c.id, NULL, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false)::conversation_activity
        FROM new_rows o JOIN customers c ON lower(c.email) = lower(o.recipient) WHERE o.customer_id IS NULL AND o.channel = 'email'));
  ELSIF TG_TABLE_NAME = 'inbound_messages' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(c.id, CASE WHEN c.id IS NULL THEN im.mobile END, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false)::conversation_activity
        FROM new_rows im LEFT JOIN customers c ON c.mobile = im.mobile WHERE im.mobile IS NOT NULL
      UNION ALL
      SELECT row(c.id, NULL, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false)::conversation_activity
        FROM new_rows im JOIN customers c ON lower(c.email) = lower(im.email) WHERE im.mobile IS NULL AND im.email IS NOT NULL));
  ELSIF TG_TABLE_NAME = 'request_events' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(coalesce(r.customer_id, c.id), NULL, e.created_at, 'call', 'out', left(coalesce(e.note, 'Call logged'), 160), true)::conversation_activity
        FROM new_rows e JOIN service_requests r ON r.id = e.request_id
        LEFT JOIN customers c ON r.customer_id IS NULL AND c.mobile = r.mobile
       WHERE e.kind = 'call' AND coalesce(r.customer_id, c.id) IS NOT NULL));
  ELSIF TG_TABLE_NAME = 'service_requests' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(coalesce(r.customer_id, c.id), CASE WHEN coalesce(r.customer_id, c.id) IS NULL THEN r.mobile END,
                 x.at, 'request', x.direction, x.preview, x.answer)::conversation_activity
        FROM new_rows r LEFT JOIN customers c ON r.customer_id IS NULL AND c.mobile = r.mobile
        CROSS JOIN LATERAL (VALUES (r.created_at, 'in', left(r.reference || ': ' || r.fault_description, 160), false),
                                   (r.first_contact_at, 'out', NULL, true)) x (at, direction, preview, answer)
       WHERE x.at IS NOT NULL));
  ELSIF TG_TABLE_NAME = 'ticket_messages' THEN
    PERFORM conversation_threads_merge(array(
      SELECT row(coalesce(t.customer_id, c.id), CASE WHEN coalesce(t.customer_id, c.id) IS NULL THEN t.contact_mobile END,
                 m.created_at, 'helpdesk', CASE WHEN m.author = 'customer' THEN 'in' ELSE 'out' END,
                 left(t.reference || ': ' || m.body, 160), (m.author = 'staff'))::conversation_activity
        FROM new_rows m JOIN tickets t ON t.id = m.ticket_id
        LEFT JOIN LATERAL (
          SELECT x.id FROM customers x
           WHERE t.customer_id IS NULL
             AND (x.mobile = t.contact_mobile OR (t.contact_email IS NOT NULL AND lower(x.email) = lower(t.contact_email)))
           ORDER BY (x.mobile = t.contact_mobile) DESC, x.id LIMIT 1) c ON true
       WHERE NOT m.internal AND (coalesce(t.customer_id, c.id) IS NOT NULL OR t.contact_mobile IS NOT NULL)));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Changed or deleted rows: the threads they were in and the threads they are in now are worked out again,
-- when something a thread shows or counts changed (a status change or a send attempt changes none). Per
-- table: the fields a thread reads, and the addresses of a row (customer id, mobile, e-mail).
CREATE OR REPLACE FUNCTION conversation_threads_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  fields text;
  keys text;
  changed text;
  cids integer[];
  mobiles text[];
  emails text[];
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'conversation_messages' THEN
      fields := 'customer_id, mobile, created_at, channel, direction, body, staff_user_id';
      keys := 'SELECT customer_id, mobile, NULL::text FROM %s x';
    WHEN 'outbox' THEN
      fields := 'customer_id, recipient, created_at, channel, subject, body';
      keys := 'SELECT customer_id, recipient, recipient FROM %s x WHERE channel <> ''job''';
    WHEN 'inbound_messages' THEN
      fields := 'mobile, email, created_at, message, subject, form';
      keys := 'SELECT NULL::integer, mobile, email FROM %s x';
    WHEN 'request_events' THEN
      fields := 'request_id, kind, note, created_at';
      keys := 'SELECT r.customer_id, r.mobile, NULL::text FROM %s x JOIN service_requests r ON r.id = x.request_id WHERE x.kind = ''call''';
    WHEN 'service_requests' THEN
      fields := 'customer_id, mobile, created_at, first_contact_at, reference, fault_description';
      keys := 'SELECT customer_id, mobile, NULL::text FROM %s x';
    WHEN 'tickets' THEN
      fields := 'customer_id, contact_mobile, contact_email, reference';
      keys := 'SELECT customer_id, contact_mobile, contact_email FROM %s x';
    WHEN 'ticket_messages' THEN
      fields := 'ticket_id, author, body, internal, created_at';
      keys := 'SELECT t.customer_id, t.contact_mobile, t.contact_email FROM %s x JOIN tickets t ON t.id = x.ticket_id';
    WHEN 'customers' THEN
      fields := 'mobile, email';
      keys := 'SELECT id, mobile, email FROM %s x';
  END CASE;
  IF TG_OP = 'DELETE' THEN
    changed := 'old_rows';
  ELSE
    changed := format(
      '(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (%1$s) IS DISTINCT FROM (%2$s)
        UNION ALL SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (%1$s) IS DISTINCT FROM (%2$s))',
      regexp_replace(fields, '(\w+)', 'o.\1', 'g'), regexp_replace(fields, '(\w+)', 'n.\1', 'g'));
  END IF;
  EXECUTE format('SELECT array_agg(k.c) FILTER (WHERE k.c IS NOT NULL), array_agg(k.m) FILTER (WHERE k.m IS NOT NULL),
                         array_agg(k.e) FILTER (WHERE k.e IS NOT NULL) FROM (' || keys || ') k (c, m, e)', changed)
    INTO cids, mobiles, emails;
  IF cids IS NULL AND mobiles IS NULL AND emails IS NULL THEN RETURN NULL; END IF;
  PERFORM conversation_threads_refresh(coalesce(cids, '{}') || conversation_customers_of(mobiles, emails), mobiles);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- New customers take over their number's and address's activity (until then an unknown sender's thread, or
-- messages to an address no thread held). Only those with such activity are worked out: a new customer from
-- the request form usually has none yet, and the form's group commit pays only for the lookups.
CREATE OR REPLACE FUNCTION conversation_threads_customers_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cids integer[];
  mobiles text[];
BEGIN
  SELECT array_agg(n.id), array_agg(n.mobile) FILTER (WHERE n.mobile IS NOT NULL) INTO cids, mobiles FROM new_rows n
   WHERE EXISTS (SELECT 1 FROM conversation_threads t WHERE t.customer_id IS NULL AND t.mobile = n.mobile)
      OR EXISTS (SELECT 1 FROM outbox o WHERE o.customer_id IS NULL AND lower(o.recipient) IN (lower(n.mobile), lower(n.email)))
      OR EXISTS (SELECT 1 FROM inbound_messages im WHERE im.mobile IS NULL AND lower(im.email) = lower(n.email))
      OR EXISTS (SELECT 1 FROM tickets k WHERE k.customer_id IS NULL AND (k.contact_mobile = n.mobile OR lower(k.contact_email) = lower(n.email)));
  IF cids IS NULL THEN RETURN NULL; END IF;
  PERFORM conversation_threads_refresh(cids, mobiles);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['conversation_messages', 'outbox', 'inbound_messages', 'request_events', 'service_requests', 'ticket_messages'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS conversation_threads_insert ON %I', t);
    EXECUTE format('CREATE TRIGGER conversation_threads_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_threads_inserted()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['conversation_messages', 'outbox', 'inbound_messages', 'request_events', 'service_requests', 'tickets', 'ticket_messages', 'customers'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS conversation_threads_update ON %I', t);
    EXECUTE format('CREATE TRIGGER conversation_threads_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_threads_changed()', t);
    EXECUTE format('DROP TRIGGER IF EXISTS conversation_threads_delete ON %I', t);
    EXECUTE format('CREATE TRIGGER conversation_threads_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_threads_changed()', t);
  END LOOP;
  DROP TRIGGER IF EXISTS conversation_threads_insert ON customers;
  CREATE TRIGGER conversation_threads_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_threads_customers_added();
END $$;--> statement-breakpoint
-- The threads of what is there already (once: an existing database gets its table filled here).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM conversation_threads) THEN
    PERFORM conversation_threads_merge(array(SELECT a FROM conversation_activity_of(NULL, NULL, NULL) a));
  END IF;
END $$;
--> statement-breakpoint
-- The thread list's search reads the customer's e-mail and mobile too (any part of them).
CREATE INDEX IF NOT EXISTS "customers_email_trgm" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_mobile_trgm" ON "customers" USING gin ("mobile" gin_trgm_ops);
--> statement-breakpoint
-- /admin/whatsapp: the latest message of each number, read in the index's order.
CREATE INDEX IF NOT EXISTS "conversation_messages_whatsapp_latest" ON "conversation_messages" ("mobile", "created_at" DESC, "id" DESC) WHERE channel = 'whatsapp' AND mobile IS NOT NULL;
--> statement-breakpoint
-- /admin/feedback: ratings by when they were given (or asked for), and those not given yet by when asked.
CREATE INDEX IF NOT EXISTS "feedback_latest" ON "feedback" ((coalesce("rated_at", "requested_at")), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feedback_unanswered" ON "feedback" ("requested_at", "id") WHERE rating IS NULL;
--> statement-breakpoint
-- Unknown senders' threads (a search by number reads only them).
CREATE INDEX IF NOT EXISTS "conversation_threads_unknown" ON "conversation_threads" ("mobile") WHERE customer_id IS NULL;
--> statement-breakpoint
-- A customer's thread leaves out the outbox rows and forms a conversation row stands for: found by index.
CREATE INDEX IF NOT EXISTS "conversation_messages_outbox" ON "conversation_messages" ("outbox_id") WHERE outbox_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_messages_inbound" ON "conversation_messages" ("inbound_message_id") WHERE inbound_message_id IS NOT NULL;
--> statement-breakpoint
-- The SMS and e-mail logs' tab counts, read from the index alone (no visit to each message's row).
CREATE INDEX IF NOT EXISTS "outbox_channel_states" ON "outbox" ("channel", "status", "delivery_status");
