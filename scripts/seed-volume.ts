/**
 * `npm run seed:volume`: fills a development database with the volume the back office is budgeted for, to
 * measure lists and pages at that size: 100,000 service requests over the last three years (most of them
 * completed, the last fortnight's still open, every urgency, city, service, technician and state of the
 * response promise), and 1,000,000 rows of history split between request_events and audit_log. With them,
 * what the communications screens read (issue 17 §8): three outbox messages per request (the customer's
 * acknowledgement SMS, an e-mail to them or to the office, a status SMS), a WhatsApp message from one
 * customer in five (most answered by the office), a contact form from one request in ten (some from numbers
 * that are no customer), a help-desk ticket from one in twenty, and a feedback request for one completed job
 * in three (most rated).
 *
 * Purchasing and content (issue 19 §5 and §1), so that /admin/vendors, /admin/purchasing, /admin/products' stock
 * and /admin/cms are measured at volume too: 2,000 vendors (four in five with a GSTIN whose check character is
 * right, spread over the states the business buys from, with contacts and the parts each supplies), 5,000 parts
 * with their stock, 20,000 purchase orders over the three years (most received, some in part, a few cancelled,
 * one to four lines each) with a vendor bill for each received one, 200,000 stock movements (receipts, parts
 * used, adjustments; on hand is the ledger's running sum), 2,000 articles (one in twenty a draft) and
 * 50,000 content revisions over the entries (the seed's own content is added by the server's first start).
 *
 *   npm run seed:volume                                  # the embedded database in DATA_DIR (default ./data)
 *   DATABASE_URL=postgres://... npm run seed:volume      # PostgreSQL
 *   npm run seed:volume -- --requests 20000 --history 200000
 *   npm run seed:volume -- --vendors 500 --orders 5000 --movements 50000 --articles 500 --revisions 10000
 *
 * It adds to what is there (run twice, twice the rows) and never runs with NODE_ENV=production. With the
 * embedded database, stop the server first (one process per data directory). Rows are made by the
 * database itself, INSERT ... SELECT over generate_series, one statement per 10,000 rows, then the tables
 * are vacuumed and analysed (PGlite has no autovacuum: without this its planner knows nothing of the
 * new rows). Each request is linked to a customer record by mobile, as the app does.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/.server/db/client.ts";
import { applyMigrations } from "../app/.server/db/migrate.ts";
import { GST_STATES, gstinChecksum } from "../app/lib/settings-schema.ts";

if (process.env.NODE_ENV === "production") {
  console.error("seed:volume fills the database with made-up requests: it does not run with NODE_ENV=production.");
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    history: { type: "string", default: "1000000" },
    technicians: { type: "string", default: "40" },
    vendors: { type: "string", default: "2000" },
    parts: { type: "string", default: "5000" },
    orders: { type: "string", default: "20000" },
    movements: { type: "string", default: "200000" },
    articles: { type: "string", default: "2000" },
    revisions: { type: "string", default: "50000" },
  },
});
const count = (name: string, value: string | undefined, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}`);
    process.exit(2);
  }
  return n;
};
const REQUESTS = count("requests", values.requests, 5_000_000);
const HISTORY = count("history", values.history, 50_000_000);
const TECHNICIANS = count("technicians", values.technicians, 1_000);
const VENDORS = count("vendors", values.vendors, 100_000);
const PARTS = count("parts", values.parts, 1_000_000);
const ORDERS = count("orders", values.orders, 5_000_000);
const MOVEMENTS = count("movements", values.movements, 50_000_000);
const ARTICLES = count("articles", values.articles, 1_000_000);
const REVISIONS = count("revisions", values.revisions, 50_000_000);
/** Of the history rows: request events (status changes, calls, notes), the rest audit entries. */
const EVENTS = Math.round(HISTORY * 0.6);
const AUDIT = HISTORY - EVENTS;
const BATCH = 10_000;
/** The requests are spread over this many days back from now. */
const DAYS = 3 * 365;

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  const db = handle.db;
  console.log(`Seeding ${handle.engine === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL"}: ${REQUESTS.toLocaleString("en-IN")} requests, ${EVENTS.toLocaleString("en-IN")} request events, ${AUDIT.toLocaleString("en-IN")} audit entries.`);
  await seedTechnicians(db);
  const run = Date.now().toString(36);
  await seedRequests(db, run);
  await linkCustomers(db);
  await seedEvents(db, run);
  await seedAudit(db, run);
  await seedCommunications(db, run);
  await seedPurchasing(db, run);
  await seedContentVolume(db, run);
  console.log(`Vacuuming and analysing... (${elapsed()})`);
  await db.execute(
    sql.raw(
      "VACUUM ANALYZE service_requests, request_events, audit_log, technician_profiles, customers, outbox, conversation_messages, inbound_messages, tickets, ticket_messages, feedback, " +
        "vendors, vendor_parts, vendor_bills, products, purchase_orders, purchase_order_lines, stock_movements, content_entries, content_revisions",
    ),
  );
  const [totals] = rowsOf<{ requests: number; events: number; audit: number }>(
    await db.execute(
      sql`SELECT (SELECT count(*) FROM service_requests)::int AS requests, (SELECT count(*) FROM request_events)::int AS events, (SELECT count(*) FROM audit_log)::int AS audit`,
    ),
  );
  console.log(`Done in ${elapsed()}. The database now holds ${totals!.requests} requests, ${totals!.events} request events, ${totals!.audit} audit entries.`);
} finally {
  await handle.close();
}

/**
 * Every request belongs to a customer record, as the app keeps it (~/.server/customers/link.ts): one record
 * per new mobile number, named as its latest request, with references continuing the month's CU counter.
 */
async function linkCustomers(db: Database): Promise<void> {
  const month = sql`to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYMM')`;
  await db.execute(sql`
    WITH latest AS (
      SELECT DISTINCT ON (mobile) mobile, contact_name, company, email, created_at
      FROM service_requests r
      WHERE r.customer_id IS NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.mobile = r.mobile)
      ORDER BY mobile, created_at DESC
    ), base AS (
      SELECT coalesce((SELECT value FROM reference_counters WHERE prefix = 'CU-' || ${month}), 0) AS v
    ), numbered AS (
      SELECT latest.*, row_number() OVER (ORDER BY created_at, mobile) AS n FROM latest
    )
    INSERT INTO customers (reference, mobile, name, company, email, created_at, updated_at)
    SELECT 'CU-' || ${month} || '-' || lpad((base.v + numbered.n)::text, greatest(4, length((base.v + numbered.n)::text)), '0'), mobile, contact_name, company, email, created_at, created_at
    FROM numbered CROSS JOIN base`);
  await db.execute(sql`
    INSERT INTO reference_counters (prefix, value)
    SELECT 'CU-' || ${month}, coalesce(max(substring(reference from '[0-9]+$')::int), 0) FROM customers WHERE reference LIKE 'CU-' || ${month} || '-%'
    ON CONFLICT (prefix) DO UPDATE SET value = greatest(reference_counters.value, excluded.value)`);
  await db.execute(sql`UPDATE service_requests r SET customer_id = c.id FROM customers c WHERE c.mobile = r.mobile AND r.customer_id IS NULL`);
  console.log(`  customers linked (${elapsed()})`);
}

/** The rows of db.execute (both drivers answer with { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Approved technicians to assign (made once: their mobile numbers are fixed). */
async function seedTechnicians(db: Database): Promise<void> {
  if (TECHNICIANS === 0) return;
  await db.execute(sql`
    INSERT INTO technician_profiles (reference, mobile, name, email, city, skills, years_experience, availability, available_now,
      id_proof_type, id_proof_path, id_proof_name, status, consent_version, consent_at, created_at, verified_at, reviewed_at)
    SELECT 'TA-2401-' || lpad((9000 + g)::text, 4, '0'),
           '+9179' || lpad(g::text, 8, '0'),
           (ARRAY['Ramesh','Suresh','Mahesh','Srinivas','Venkat','Ravi','Kiran','Prasad','Naresh','Anil'])[1 + g % 10] || ' ' ||
             (ARRAY['Reddy','Rao','Naidu','Goud','Sharma','Kumar','Varma','Chary'])[1 + g % 8] || ' ' || g,
           NULL, 'Hyderabad', ARRAY['vfd-ac-drives','plc'], 2 + g % 20, 'full_time', true,
           'aadhaar', 'id-proofs/volume/' || g || '.pdf', 'aadhaar.pdf', 'approved', 'volume', now(), now(), now(), now()
    FROM generate_series(1, ${TECHNICIANS}::int) AS g
    ON CONFLICT (mobile) DO NOTHING`);
  console.log(`Technicians ready (${elapsed()}).`);
}

/**
 * The requests, newest first by g (the run's g-th request has the form key volume-<run>-<g>, which the
 * history rows find it by). Each row's fields are drawn from random() by the database; the reference's
 * number starts above the month's real counter range and above anything an earlier run made.
 */
async function seedRequests(db: Database, run: string): Promise<void> {
  const [first] = rowsOf<{ base: number }>(await db.execute(sql`SELECT (100000 + count(*))::int AS base FROM service_requests`));
  const base = first!.base;
  for (let from = 1; from <= REQUESTS; from += BATCH) {
    const to = Math.min(REQUESTS, from + BATCH - 1);
    await db.execute(sql`
      WITH services AS (
        SELECT coalesce(array_agg(slug ORDER BY position), ARRAY['vfd-repair','plc-programming','servo-drive-repair']) AS slugs,
               coalesce(array_agg(title ORDER BY position), ARRAY['VFD Repair','PLC Programming','Servo Drive Repair']) AS names
        FROM content_entries WHERE kind = 'service'
      ),
      techs AS (SELECT array_agg(id ORDER BY id) AS ids FROM technician_profiles WHERE status = 'approved'),
      drawn AS (
        SELECT g,
               now() - (g::float8 / ${REQUESTS}::float8 * ${DAYS}::float8 * interval '1 day') - random() * interval '3 hours' AS created_at,
               random() AS r_status, random() AS r_urgency, random() AS r_contact, random() AS r_pick, random() AS r_tech
        FROM generate_series(${from}::int, ${to}::int) AS g
      ),
      shaped AS (
        SELECT d.*,
               CASE WHEN d.r_urgency < 0.2 THEN 'emergency' WHEN d.r_urgency < 0.6 THEN 'within_24h' ELSE 'planned' END AS urgency,
               CASE
                 WHEN d.created_at > now() - interval '14 days' THEN
                   (ARRAY['new','new','contacted','scheduled','in_progress','awaiting_parts','awaiting_customer','completed','completed','cancelled'])[1 + floor(d.r_status * 10)::int]
                 WHEN d.r_status < 0.88 THEN 'completed'
                 WHEN d.r_status < 0.95 THEN 'cancelled'
                 ELSE (ARRAY['contacted','scheduled','in_progress','awaiting_parts','awaiting_customer'])[1 + floor((d.r_status - 0.95) * 100)::int % 5]
               END AS status
        FROM drawn d
      ),
      timed AS (
        SELECT s.*,
               s.created_at + CASE s.urgency WHEN 'emergency' THEN interval '4 hours' WHEN 'within_24h' THEN interval '24 hours' ELSE interval '33 hours' END AS due_at
        FROM shaped s
      )
      INSERT INTO service_requests (reference, kind, status, contact_name, mobile, email, company, site_address, city, service_slug, service_name,
        equipment_brand, equipment_model, fault_description, urgency, consent_version, consent_at, idempotency_key, assigned_technician_id,
        assigned_at, version, response_due_at, first_contact_at, completed_at, po_number, updated_at, created_at)
      SELECT 'SR-' || to_char(t.created_at AT TIME ZONE 'UTC' + interval '5 hours 30 minutes', 'YYMM') || '-' || (${base}::int + t.g)::text,
             CASE WHEN t.g % 10 = 0 THEN 'quick' ELSE 'full' END,
             t.status,
             (ARRAY['Ravi','Lakshmi','Srinivas','Padma','Arjun','Kavitha','Mohammed','Sunita','Venkatesh','Anjali','Rajesh','Deepa'])[1 + t.g % 12] || ' ' ||
               (ARRAY['Kumar','Reddy','Rao','Sharma','Khan','Naidu','Iyer','Patel','Gupta','Varma'])[1 + (t.g / 12) % 10],
             '+91' || (6 + t.g % 4)::text || lpad(((t.g::bigint * 7919) % 1000000000)::text, 9, '0'),
             CASE WHEN t.g % 3 = 0 THEN 'buyer' || t.g || '@example.in' END,
             CASE WHEN t.g % 5 <> 0 THEN (ARRAY['Deccan Pharma','Sri Sai Plastics','Hyderabad Castings','Godavari Textiles','Krishna Steel Rolling','Medak Packaging','Nizam Foods','Jeedimetla Polymers'])[1 + t.g % 8] || ' Unit ' || (1 + t.g % 7) END,
             'Plot ' || (1 + t.g % 300) || ', Industrial Area',
             (ARRAY['Hyderabad','Secunderabad','Medchal','Patancheru','Jeedimetla','Shamshabad','Warangal','Pune','Bengaluru','Chennai','Visakhapatnam','Vijayawada'])[1 + floor(t.r_pick * 12)::int],
             sv.slugs[1 + t.g % array_length(sv.slugs, 1)],
             sv.names[1 + t.g % array_length(sv.names, 1)],
             (ARRAY['ABB','Siemens','Danfoss','Schneider','Delta','Yaskawa','Mitsubishi'])[1 + t.g % 7],
             'Model ' || (t.g % 97),
             'Drive trips on overcurrent at start-up; the motor runs fine direct on line. Seeded request ' || t.g || '.',
             t.urgency,
             'volume', t.created_at, 'volume-' || ${run}::text || '-' || t.g,
             CASE WHEN t.status NOT IN ('new', 'contacted') AND t.r_tech < 0.9 AND tc.ids IS NOT NULL THEN tc.ids[1 + floor(t.r_tech / 0.9 * array_length(tc.ids, 1))::int] END,
             CASE WHEN t.status NOT IN ('new', 'contacted') AND t.r_tech < 0.9 AND tc.ids IS NOT NULL THEN t.created_at + interval '3 hours' END,
             1,
             t.due_at,
             -- No contact logged for new requests (some still waiting, some overdue) and a few cancelled ones;
             -- the others were called within the promise, some (r_contact > 0.85) after it.
             CASE WHEN t.status = 'new' OR (t.status = 'cancelled' AND t.r_contact < 0.3) THEN NULL
                  ELSE t.created_at + (t.due_at - t.created_at) * (CASE WHEN t.r_contact > 0.85 THEN 1.2 + t.r_contact ELSE t.r_contact END) END,
             CASE WHEN t.status = 'completed' THEN t.created_at + interval '2 days' END,
             CASE WHEN t.g % 4 = 0 THEN 'PO/' || to_char(t.created_at, 'YYYY') || '/' || t.g END,
             t.created_at, t.created_at
      FROM timed t CROSS JOIN services sv CROSS JOIN techs tc`);
    if (to % 50_000 === 0 || to === REQUESTS) console.log(`  ${to.toLocaleString("en-IN")} requests (${elapsed()})`);
  }
}

/** Each request's history: received, contacted, scheduled... spread evenly over the volume's requests. */
async function seedEvents(db: Database, run: string): Promise<void> {
  if (EVENTS === 0 || REQUESTS === 0) return;
  const perRequest = Math.max(1, Math.ceil(EVENTS / REQUESTS));
  const kinds = "ARRAY['status','call','note','assign','schedule','status','note','po']";
  for (let done = 0; done < EVENTS; done += BATCH) {
    const rows = Math.min(BATCH, EVENTS - done);
    // Row n (0-based over the whole history) belongs to request n / perRequest, as its (n % perRequest)-th event.
    await db.execute(sql`
      INSERT INTO request_events (request_id, kind, status, note, internal, created_at)
      SELECT r.id, (${sql.raw(kinds)})[1 + (n % ${perRequest}::int) % 8], r.status,
             CASE WHEN n % 3 = 0 THEN 'Called the customer; visit agreed for the next working day.' END,
             n % 2 = 0, r.created_at + (n % ${perRequest}::int) * interval '2 hours'
      FROM generate_series(${done}::int, ${done + rows - 1}::int) AS n
      JOIN service_requests r ON r.idempotency_key = 'volume-' || ${run}::text || '-' || (1 + n / ${perRequest}::int)`);
    if ((done + rows) % 100_000 === 0 || done + rows === EVENTS) console.log(`  ${(done + rows).toLocaleString("en-IN")} request events (${elapsed()})`);
  }
}

/** What the office did, as the audit log records it: status changes, notes, assignments on the requests. */
async function seedAudit(db: Database, run: string): Promise<void> {
  if (AUDIT === 0 || REQUESTS === 0) return;
  const perRequest = Math.max(1, Math.ceil(AUDIT / REQUESTS));
  for (let done = 0; done < AUDIT; done += BATCH) {
    const rows = Math.min(BATCH, AUDIT - done);
    await db.execute(sql`
      INSERT INTO audit_log (at, actor_label, action, entity_type, entity_id, entity_label, before, after, ip_address)
      SELECT r.created_at + (1 + n % ${perRequest}::int) * interval '90 minutes',
             (ARRAY['Office (volume)','Owner (volume)'])[1 + n % 2],
             (ARRAY['request.status','request.note','request.assign','request.call'])[1 + n % 4],
             'request', r.id::text, r.reference,
             jsonb_build_object('status', 'new'), jsonb_build_object('status', r.status), '127.0.0.1'
      FROM generate_series(${done}::int, ${done + rows - 1}::int) AS n
      JOIN service_requests r ON r.idempotency_key = 'volume-' || ${run}::text || '-' || (1 + n / ${perRequest}::int)`);
    if ((done + rows) % 100_000 === 0 || done + rows === AUDIT) console.log(`  ${(done + rows).toLocaleString("en-IN")} audit entries (${elapsed()})`);
  }
}

/**
 * What the communications screens list, for the run's requests, 10,000 requests per statement: the outbox's
 * messages (sent and mostly delivered; a few failed), WhatsApp messages in and the office's answers,
 * contact forms, help-desk tickets with their messages, feedback. A customer who wrote and was not answered
 * is left so: "Awaiting reply" has something to count.
 */
async function seedCommunications(db: Database, run: string): Promise<void> {
  if (REQUESTS === 0) return;
  const [office] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO users (mobile, name, roles, staff_role) VALUES ('+917000000001', 'Office (volume)', ARRAY['staff'], 'office')
      ON CONFLICT (mobile) DO UPDATE SET name = users.name RETURNING id`),
  );
  const staff = office!.id;
  const [first] = rowsOf<{ base: number }>(await db.execute(sql`SELECT (100000 + count(*))::int AS base FROM tickets`));
  const ticketBase = first!.base;
  const [firstForm] = rowsOf<{ base: number }>(await db.execute(sql`SELECT (100000 + count(*))::int AS base FROM inbound_messages`));
  const formBase = firstForm!.base;
  // The sample DLT ids of requestReceived, requestCompleted, requestScheduled and requestCancelled
  // (app/.server/notifications/templates.ts, which this script cannot import: it reads the app's ~ paths).
  const ack = "1007000000000001701";
  const completed = "1007000000000000011";
  const scheduled = "1007000000000000009";
  const cancelled = "1007000000000000012";
  const ofRun = (from: number, to: number) => sql`
    SELECT r.*, g FROM generate_series(${from}::int, ${to}::int) AS g
    JOIN service_requests r ON r.idempotency_key = 'volume-' || ${run}::text || '-' || g`;
  for (let from = 1; from <= REQUESTS; from += BATCH) {
    const to = Math.min(REQUESTS, from + BATCH - 1);
    // Three outbox rows per request: the acknowledgement SMS, an e-mail (to the customer when they gave an
    // address, else the office's alert), and the SMS of where the job ended.
    await db.execute(sql`
      WITH r AS (${ofRun(from, to)})
      INSERT INTO outbox (channel, recipient, subject, body, template, status, attempts, sent_at, dedupe_key, created_at,
        provider_message_id, delivery_status, delivered_at, customer_id, next_attempt_at, last_error)
      SELECT m.channel, m.recipient, m.subject, m.body, m.template,
             CASE WHEN (r.g + k) % 41 = 0 THEN 'failed' ELSE 'sent' END,
             CASE WHEN (r.g + k) % 41 = 0 THEN 5 ELSE 1 END,
             CASE WHEN (r.g + k) % 41 = 0 THEN NULL ELSE m.at + interval '4 seconds' END,
             'volume-' || ${run}::text || '-' || r.g || '-' || k, m.at,
             CASE WHEN (r.g + k) % 41 <> 0 AND m.channel = 'sms' THEN 'vol-' || ${run}::text || '-' || r.g || '-' || k END,
             CASE WHEN m.channel <> 'sms' OR (r.g + k) % 41 = 0 THEN NULL WHEN (r.g + k) % 17 = 0 THEN 'failed' WHEN (r.g + k) % 13 = 0 THEN 'sent' ELSE 'delivered' END,
             CASE WHEN m.channel = 'sms' AND (r.g + k) % 41 <> 0 AND (r.g + k) % 17 <> 0 AND (r.g + k) % 13 <> 0 THEN m.at + interval '9 seconds' END,
             m.customer_id, m.at,
             CASE WHEN (r.g + k) % 41 = 0 THEN 'Provider answered 503 five times' END
      FROM r CROSS JOIN generate_series(1, 3) AS k
      CROSS JOIN LATERAL (
        SELECT CASE WHEN k = 2 THEN 'email' ELSE 'sms' END AS channel,
               CASE WHEN k = 2 THEN coalesce(r.email, 'office@example.in') ELSE r.mobile END AS recipient,
               CASE WHEN k = 2 AND r.email IS NOT NULL THEN 'We have your request ' || r.reference
                    WHEN k = 2 THEN 'New request ' || r.reference || ' from ' || r.contact_name END AS subject,
               CASE k WHEN 1 THEN 'We have your request ' || r.reference || '. Our engineer will call you soon. - Volume Industrial'
                      WHEN 2 THEN 'Request ' || r.reference || ' for ' || r.service_name || ': ' || r.fault_description
                      ELSE 'Your request ' || r.reference || ' is now ' || replace(r.status, '_', ' ') || '. - Volume Industrial' END AS body,
               CASE k WHEN 1 THEN ${ack}::text WHEN 2 THEN CASE WHEN r.email IS NOT NULL THEN 'request-customer' ELSE 'request-office' END
                      ELSE CASE r.status WHEN 'completed' THEN ${completed}::text WHEN 'cancelled' THEN ${cancelled}::text ELSE ${scheduled}::text END END AS template,
               CASE WHEN k = 2 AND r.email IS NULL THEN NULL ELSE r.customer_id END AS customer_id,
               r.created_at + CASE k WHEN 1 THEN interval '2 seconds' WHEN 2 THEN interval '3 seconds' ELSE coalesce(r.completed_at - r.created_at, interval '6 hours') END AS at
      ) m`);
    // WhatsApp: one customer in five writes; the office answers four of five of them within the hour.
    await db.execute(sql`
      WITH r AS (${ofRun(from, to)} WHERE g % 5 = 2)
      INSERT INTO conversation_messages (customer_id, mobile, channel, direction, body, status, staff_user_id, service_request_id, idempotency_key, created_at)
      SELECT r.customer_id, r.mobile, 'whatsapp', d.direction,
             CASE d.direction WHEN 'in' THEN 'Hello, any update on ' || r.reference || '? The line is stopped.'
                  ELSE 'Our engineer will reach you by 11 am tomorrow for ' || r.reference || '.' END,
             CASE d.direction WHEN 'in' THEN 'received' ELSE 'sent' END,
             CASE d.direction WHEN 'out' THEN ${staff}::int END, r.id,
             'volume-' || ${run}::text || '-wa-' || r.g || '-' || d.direction,
             r.created_at + CASE d.direction WHEN 'in' THEN interval '20 hours' ELSE interval '20 hours 40 minutes' END
      FROM r CROSS JOIN (VALUES ('in'), ('out')) AS d(direction)
      WHERE d.direction = 'in' OR r.g % 25 <> 2`);
    // Contact forms: one request in ten; one form in five comes from a number that is no customer.
    await db.execute(sql`
      WITH r AS (${ofRun(from, to)} WHERE g % 10 = 3)
      INSERT INTO inbound_messages (reference, form, status, name, mobile, email, company, subject, message, consent_version, consent_at, idempotency_key, created_at)
      SELECT 'CT-' || to_char(r.created_at AT TIME ZONE 'UTC' + interval '5 hours 30 minutes', 'YYMM') || '-' || (${formBase}::int + r.g)::text,
             'contact', CASE WHEN r.g % 30 = 3 THEN 'new' ELSE 'handled' END,
             r.contact_name,
             CASE WHEN r.g % 50 = 3 THEN '+918' || lpad(((r.g::bigint * 104729) % 1000000000)::text, 9, '0') ELSE r.mobile END,
             r.email, r.company, 'Spare drive for ' || r.equipment_brand || ' ' || r.equipment_model,
             'Do you keep a spare drive for our ' || r.equipment_brand || ' ' || r.equipment_model || '? Please call.',
             'volume', r.created_at - interval '1 day', 'volume-' || ${run}::text || '-ct-' || r.g, r.created_at - interval '1 day'
      FROM r`);
    // Help desk: one request in twenty opens a ticket; the office answered most.
    await db.execute(sql`
      WITH r AS (${ofRun(from, to)} WHERE g % 20 = 7)
      INSERT INTO tickets (reference, source, subject, status, priority, customer_id, service_request_id, contact_name, contact_mobile, contact_email,
        first_response_due_at, resolution_due_at, first_responded_at, resolved_at, idempotency_key, created_at, updated_at)
      SELECT 'TK-' || to_char(r.created_at AT TIME ZONE 'UTC' + interval '5 hours 30 minutes', 'YYMM') || '-' || (${ticketBase}::int + r.g)::text,
             (ARRAY['portal','contact','whatsapp','chatbot'])[1 + r.g % 4],
             'Invoice copy and warranty for ' || r.reference,
             CASE WHEN r.g % 60 = 7 THEN 'open' WHEN r.g % 3 = 0 THEN 'resolved' ELSE 'closed' END,
             CASE WHEN r.g % 7 = 0 THEN 'high' ELSE 'normal' END,
             r.customer_id, r.id, r.contact_name, r.mobile, r.email,
             r.created_at + interval '1 day 4 hours', r.created_at + interval '3 days',
             CASE WHEN r.g % 60 <> 7 THEN r.created_at + interval '1 day 2 hours' END,
             CASE WHEN r.g % 60 <> 7 THEN r.created_at + interval '2 days' END,
             'volume-' || ${run}::text || '-tk-' || r.g, r.created_at + interval '1 day', r.created_at + interval '2 days'
      FROM r`);
    await db.execute(sql`
      INSERT INTO ticket_messages (ticket_id, author, author_user_id, body, internal, idempotency_key, created_at)
      SELECT t.id, m.author, CASE m.author WHEN 'staff' THEN ${staff}::int END, m.body, m.internal,
             t.idempotency_key || '-' || m.n, t.created_at + m.after
      FROM (${ofRun(from, to)} WHERE g % 20 = 7) r
      JOIN tickets t ON t.service_request_id = r.id AND t.idempotency_key = 'volume-' || ${run}::text || '-tk-' || r.g
      CROSS JOIN (VALUES (1, 'customer', 'Please send the invoice copy and the warranty card for the drive.', false, interval '0'),
                         (2, 'staff', 'Checked the job card: the warranty runs 12 months.', true, interval '1 hour'),
                         (3, 'staff', 'Attached the invoice copy; the warranty runs 12 months from the repair.', false, interval '2 hours')) AS m(n, author, body, internal, after)
      WHERE m.n = 1 OR t.status <> 'open'`);
    // Feedback: one completed job in three was asked; seven in ten of those answered.
    await db.execute(sql`
      WITH r AS (${ofRun(from, to)} WHERE g % 3 = 1)
      INSERT INTO feedback (request_id, customer_id, technician_id, service_slug, requested_at, rating, comment, rated_at, publish_consent, consent_at,
        display_name, follow_up, created_at)
      SELECT r.id, r.customer_id, r.assigned_technician_id, r.service_slug, r.completed_at + interval '1 hour',
             CASE WHEN r.g % 10 < 7 THEN 1 + (r.g * 7) % 5 END,
             CASE WHEN r.g % 10 < 7 AND r.g % 2 = 0 THEN 'The engineer found the fault quickly; the drive runs well.' END,
             CASE WHEN r.g % 10 < 7 THEN r.completed_at + interval '5 hours' END,
             r.g % 10 < 3, CASE WHEN r.g % 10 < 3 THEN r.completed_at + interval '5 hours' END,
             CASE WHEN r.g % 10 < 3 THEN r.contact_name || ', ' || r.city END,
             CASE WHEN r.g % 10 < 7 AND 1 + (r.g * 7) % 5 <= 2 THEN 'open' ELSE 'none' END,
             r.completed_at + interval '1 hour'
      FROM r WHERE r.status = 'completed'
      ON CONFLICT (request_id) DO NOTHING`);
    if (to % 50_000 === 0 || to === REQUESTS) console.log(`  ${to.toLocaleString("en-IN")} requests' messages, tickets and feedback (${elapsed()})`);
  }
}

// ── Purchasing and stock (issue 19 §5) ───────────────────────────────────────────────────────────────

/** A GSTIN with its right check character: state, a PAN made from n (five letters, four digits, a letter), 1, Z. */
function gstinFor(state: string, n: number): string {
  const letters = Array.from({ length: 5 }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join("");
  const first14 = `${state}${letters}${String(n % 10_000).padStart(4, "0")}${String.fromCharCode(65 + (n % 26))}1Z`;
  return first14 + gstinChecksum(first14);
}

/**
 * Vendors (most in Telangana and the states around it), the run's parts, who supplies what, purchase orders with
 * their lines and bills, and the stock ledger. The run's rows are found by the run's tag in a name, part number or
 * order note; each table in statements of up to BATCH rows.
 */
async function seedPurchasing(db: Database, run: string): Promise<void> {
  if (VENDORS === 0) return;
  const states = ["36", "36", "36", "37", "27", "29", "33", "24", "07", "36"].filter((c) => GST_STATES[c]);
  const cities: Record<string, string> = { "36": "Hyderabad", "37": "Vijayawada", "27": "Pune", "29": "Bengaluru", "33": "Chennai", "24": "Ahmedabad", "07": "New Delhi" };
  const seed = Number.parseInt(run.slice(-6), 36) % 10_000_000;
  const firsts = ["Deccan", "Sri Sai", "Krishna", "Godavari", "Balaji", "Lakshmi", "Venkateswara", "Nizam", "Kakatiya", "Charminar", "Golconda", "Tirumala"];
  const seconds = ["Automation", "Drives", "Electricals", "Power Systems", "Controls", "Industrial Spares", "Switchgear", "Cables", "Electronics", "Engineering"];
  for (let from = 0; from < VENDORS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, VENDORS - from) }, (_, i) => {
      const g = from + i;
      const state = states[g % states.length]!;
      return {
        n: g,
        name: `${firsts[g % firsts.length]} ${seconds[Math.floor(g / firsts.length) % seconds.length]} ${g + 1}`,
        gstin: g % 5 === 4 ? null : gstinFor(state, seed * 7 + g),
        state,
        city: cities[state] ?? "Hyderabad",
        contact: ["Suresh", "Padma", "Imran", "Kavitha", "Rajesh", "Anjali"][g % 6] + " " + ["Rao", "Reddy", "Khan", "Iyer", "Sharma"][g % 5],
        phone: `+919${String(800000000 + ((g * 7919) % 100000000)).slice(-9)}`,
      };
    });
    await db.execute(sql`
      INSERT INTO vendors (name, gstin, state_code, address, city, pincode, contacts, payment_terms_days, notes, created_at, updated_at)
      SELECT v.name || ' (' || ${run}::text || ')', v.gstin, v.state, 'Plot ' || (1 + v.n % 200) || ', Industrial Estate', v.city, (500000 + v.n % 99)::text,
             jsonb_build_array(jsonb_build_object('name', v.contact, 'phone', v.phone, 'email', null)),
             (ARRAY[0, 15, 30, 30, 45, 60])[1 + v.n % 6], NULL,
             now() - (v.n % 1000) * interval '1 day', now() - (v.n % 300) * interval '1 day'
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(n int, name text, gstin text, state text, city text, contact text, phone text)
      ON CONFLICT (gstin) DO NOTHING`);
  }
  console.log(`  ${VENDORS.toLocaleString("en-IN")} vendors (${elapsed()})`);

  for (let from = 1; from <= PARTS; from += BATCH) {
    const to = Math.min(PARTS, from + BATCH - 1);
    await db.execute(sql`
      INSERT INTO products (name, category, make, model, hsn_sac, gst_rate, unit, price_paise, description, published, reorder_level, created_at, updated_at)
      SELECT (ARRAY['IGBT module','DC bus capacitor','Cooling fan','Control card','Rectifier bridge','Encoder','Contactor','Relay','Fuse','Keypad'])[1 + g % 10] || ' ' || (10 + g % 90) || ' ' || (ARRAY['A','kW','V','uF'])[1 + g % 4],
             'spares', (ARRAY['ABB','Siemens','Danfoss','Schneider','Delta','Yaskawa','Mitsubishi','Infineon','Epcos','Semikron'])[1 + g % 10],
             'VP-' || ${run}::text || '-' || g, (ARRAY['85044090','85322200','84145990','85389000','85412900'])[1 + g % 5], 18,
             'nos', (50000 + (g * 7919) % 2000000)::int, NULL, false, CASE WHEN g % 4 = 0 THEN 5 + g % 70 ELSE 0 END,
             now() - interval '3 years', now() - (g % 365) * interval '1 day'
      FROM generate_series(${from}::int, ${to}::int) AS g`);
  }
  console.log(`  ${PARTS.toLocaleString("en-IN")} parts (${elapsed()})`);
  const runParts = sql`(SELECT id FROM products WHERE model LIKE ${`VP-${run}-%`})`;
  const runVendors = sql`(SELECT array_agg(id ORDER BY id) AS ids FROM vendors WHERE name LIKE ${`% (${run})`})`;

  // Each part from two or three vendors, at their price.
  await db.execute(sql`
    INSERT INTO vendor_parts (vendor_id, product_id, part_number, price_paise, lead_time_days)
    SELECT v.ids[1 + (p.id * 31 + k * 7) % array_length(v.ids, 1)], p.id, 'V' || k || '-' || p.id, (p.price_paise * (70 + (p.id + k) % 20) / 100)::bigint, (ARRAY[2, 3, 5, 7, 14])[1 + (p.id + k) % 5]
    FROM products p CROSS JOIN ${runVendors} v CROSS JOIN generate_series(1, 2 + (random() < 0.5)::int) AS k
    WHERE p.id IN ${runParts}
    ON CONFLICT DO NOTHING`);
  console.log(`  vendors' parts (${elapsed()})`);

  // Purchase orders over the three years, newest last: most received, recent ones still ordered.
  const [first] = rowsOf<{ base: number }>(await db.execute(sql`SELECT (50000 + count(*))::int AS base FROM purchase_orders`));
  const base = first!.base;
  const parts = sql`(SELECT array_agg(id ORDER BY id) AS ids FROM products WHERE model LIKE ${`VP-${run}-%`})`;
  for (let from = 1; from <= ORDERS; from += BATCH) {
    const to = Math.min(ORDERS, from + BATCH - 1);
    await db.execute(sql`
      WITH drawn AS (
        SELECT g, now() - ((${ORDERS}::int - g)::float8 / ${ORDERS}::float8 * ${DAYS}::float8 * interval '1 day') AS created_at, random() AS r
        FROM generate_series(${from}::int, ${to}::int) AS g
      )
      INSERT INTO purchase_orders (number, vendor_id, status, order_date, taxable_paise, gst_paise, total_paise, notes, sent_at, sent_via, version, created_at, updated_at)
      SELECT 'PO-' || to_char(d.created_at AT TIME ZONE 'Asia/Kolkata', 'YYMM') || '-' || (${base}::int + d.g),
             v.ids[1 + (d.g * 13) % array_length(v.ids, 1)],
             CASE WHEN d.created_at > now() - interval '10 days' THEN (ARRAY['ordered','ordered','part_received'])[1 + d.g % 3]
                  WHEN d.r < 0.9 THEN 'received' WHEN d.r < 0.96 THEN 'part_received' ELSE 'cancelled' END,
             (d.created_at AT TIME ZONE 'Asia/Kolkata')::date, 0, 0, 0, 'volume ' || ${run}::text,
             d.created_at + interval '20 minutes', (ARRAY['email','whatsapp'])[1 + d.g % 2], 1, d.created_at, d.created_at + interval '5 days'
      FROM drawn d CROSS JOIN ${runVendors} v`);
  }
  const runOrders = sql`(SELECT id FROM purchase_orders WHERE notes = ${`volume ${run}`})`;
  await db.execute(sql`
    INSERT INTO purchase_order_lines (purchase_order_id, product_id, description, part_number, hsn_sac, quantity, received_quantity, unit, unit_price_paise, gst_rate)
    SELECT o.id, p.id, p.name, p.model, p.hsn_sac, q.quantity,
           CASE o.status WHEN 'received' THEN q.quantity WHEN 'part_received' THEN q.quantity / 2 ELSE 0 END,
           p.unit, (p.price_paise * 80 / 100)::bigint, p.gst_rate
    FROM purchase_orders o
    CROSS JOIN generate_series(1, 1 + o.id % 4) AS k
    CROSS JOIN ${parts} pa
    JOIN products p ON p.id = pa.ids[1 + (o.id * 17 + k * 101) % array_length(pa.ids, 1)]
    CROSS JOIN LATERAL (SELECT 1 + (o.id + k) % 12 AS quantity) q
    WHERE o.id IN ${runOrders}`);
  await db.execute(sql`
    UPDATE purchase_orders o SET taxable_paise = t.taxable, gst_paise = t.gst, total_paise = t.taxable + t.gst
    FROM (SELECT purchase_order_id AS id, sum(quantity * unit_price_paise)::bigint AS taxable, sum(quantity * unit_price_paise * gst_rate / 100)::bigint AS gst
          FROM purchase_order_lines WHERE purchase_order_id IN ${runOrders} GROUP BY purchase_order_id) t
    WHERE o.id = t.id`);
  // The vendor's bill for each received order: CGST + SGST within Telangana, IGST from another state.
  await db.execute(sql`
    INSERT INTO vendor_bills (vendor_id, bill_number, bill_date, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, supplier_state_code, purchase_order_id, created_at, updated_at)
    SELECT o.vendor_id, 'INV/' || o.number, o.order_date + 3, CASE WHEN v.gstin IS NULL THEN 0 ELSE 18 END, o.taxable_paise,
           CASE WHEN v.gstin IS NOT NULL AND v.state_code = '36' THEN o.gst_paise / 2 ELSE 0 END,
           CASE WHEN v.gstin IS NOT NULL AND v.state_code = '36' THEN o.gst_paise - o.gst_paise / 2 ELSE 0 END,
           CASE WHEN v.gstin IS NOT NULL AND v.state_code <> '36' THEN o.gst_paise ELSE 0 END,
           o.taxable_paise + CASE WHEN v.gstin IS NULL THEN 0 ELSE o.gst_paise END, v.state_code, o.id, o.created_at + interval '3 days', o.created_at + interval '3 days'
    FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id
    WHERE o.id IN ${runOrders} AND o.status = 'received'
    ON CONFLICT DO NOTHING`);
  console.log(`  ${ORDERS.toLocaleString("en-IN")} purchase orders with their lines and bills (${elapsed()})`);

  // The ledger: per part, a receipt then parts used, over and over (on hand never below zero), oldest first.
  if (MOVEMENTS === 0 || PARTS === 0) return;
  const perPart = Math.max(1, Math.ceil(MOVEMENTS / PARTS));
  const partsPerBatch = Math.max(1, Math.floor(BATCH / perPart));
  const [range] = rowsOf<{ lo: number; hi: number }>(await db.execute(sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM products WHERE model LIKE ${`VP-${run}-%`}`));
  for (let lo = range!.lo; lo <= range!.hi; lo += partsPerBatch) {
    const hi = Math.min(range!.hi, lo + partsPerBatch - 1);
    await db.execute(sql`
      WITH steps AS (
        SELECT p.id AS product_id, i,
               CASE WHEN i % 3 = 1 THEN 5 + (p.id + i) % 6 ELSE -1 - (p.id + i) % 2 END AS change
        FROM products p CROSS JOIN generate_series(1, ${perPart}::int) AS i
        WHERE p.id BETWEEN ${lo}::int AND ${hi}::int AND p.model LIKE ${`VP-${run}-%`}
      )
      INSERT INTO stock_movements (product_id, kind, on_hand_change, reserved_change, on_hand_after, reserved_after, reason, created_at)
      SELECT product_id, CASE WHEN change > 0 THEN (CASE WHEN i % 30 = 1 THEN 'adjusted' ELSE 'received' END) ELSE 'used' END, change, 0,
             sum(change) OVER (PARTITION BY product_id ORDER BY i),
             0, CASE WHEN change > 0 THEN (CASE WHEN i % 30 = 1 THEN 'Stock count' ELSE 'Received against a purchase order' END) ELSE 'Used on a job' END,
             now() - ((${perPart}::int - i)::float8 / ${perPart}::float8 * ${DAYS}::float8 * interval '1 day')
      FROM steps`);
  }
  await db.execute(sql`
    UPDATE products p SET on_hand = m.on_hand, below_reorder_since = CASE WHEN p.reorder_level > m.on_hand THEN now() END
    FROM (SELECT DISTINCT ON (product_id) product_id, on_hand_after AS on_hand FROM stock_movements WHERE product_id IN ${runParts} ORDER BY product_id, id DESC) m
    WHERE p.id = m.product_id`);
  console.log(`  ${(perPart * PARTS).toLocaleString("en-IN")} stock movements (${elapsed()})`);
}

// ── Content (issue 19 §1) ───────────────────────────────────────────────────────────────────────────

/**
 * Articles (published, a few drafts) and the revisions the content screen lists and diffs: each
 * entry's history as edits and publishes before the version it is at now, its last revision its current text.
 */
async function seedContentVolume(db: Database, run: string): Promise<void> {
  if (ARTICLES === 0 && REVISIONS === 0) return;
  for (let from = 1; from <= ARTICLES; from += BATCH) {
    const to = Math.min(ARTICLES, from + BATCH - 1);
    await db.execute(sql`
      INSERT INTO content_entries (kind, slug, title, summary, body, data, position, status, published_on, updated_at)
      SELECT 'article', 'volume-' || ${run}::text || '-' || g,
             (ARRAY['Reading a VFD fault log','When to replace DC bus capacitors','PLC battery backup checklist','Servo encoder faults explained','Harmonics and your drives'])[1 + g % 5] || ' (' || g || ')',
             'What to check before calling us, and what we check on site.',
             '## What happens' || E'\\n\\n' || 'Most drives keep the last eight faults. Seeded article ' || g || '.' || E'\\n\\n' || '- Check the supply' || E'\\n' || '- Note the code',
             jsonb_build_object('author', (ARRAY['Ravi Kumar','Lakshmi Reddy','Arjun Rao'])[1 + g % 3], 'articleKind', (ARRAY['guide','checklist','troubleshooting'])[1 + g % 3], 'tags', jsonb_build_array('VFD'), 'relatedServices', jsonb_build_array('vfd-repair')),
             1000 + g,
             -- One in twenty still a draft (a scheduled entry needs its job: the screen makes those).
             CASE WHEN g % 20 = 0 THEN 'draft' ELSE 'published' END,
             CASE WHEN g % 20 <> 0 THEN to_char((now() - (g % ${DAYS}::int) * interval '1 day') AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') END,
             now() - (g % 90) * interval '1 day'
      FROM generate_series(${from}::int, ${to}::int) AS g`);
  }
  console.log(`  ${ARTICLES.toLocaleString("en-IN")} articles (${elapsed()})`);
  if (REVISIONS === 0) return;
  const [entries] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM content_entries`));
  const perEntry = Math.max(1, Math.ceil(REVISIONS / Math.max(1, entries!.n)));
  const entriesPerBatch = Math.max(1, Math.floor(BATCH / perEntry));
  const [range] = rowsOf<{ lo: number; hi: number }>(await db.execute(sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM content_entries`));
  for (let lo = range!.lo; lo <= range!.hi; lo += entriesPerBatch) {
    const hi = Math.min(range!.hi, lo + entriesPerBatch - 1);
    // Versions after the entry's last one (or its own version); the last is its text now, the earlier ones drafts of it.
    await db.execute(sql`
      INSERT INTO content_revisions (entry_id, version, title, slug, summary, body, data, status, cause, actor_label, at)
      SELECT e.id, top.v + i, e.title, e.slug, e.summary,
             CASE WHEN i = ${perEntry}::int THEN e.body ELSE e.body || E'\n\n' || 'Draft ' || i || ': a paragraph since reworded.' END,
             e.data, CASE WHEN i = ${perEntry}::int THEN e.status ELSE 'draft' END,
             (ARRAY['edit','edit','publish','edit','restore'])[1 + i % 5], (ARRAY['Office (volume)','Owner (volume)'])[1 + i % 2],
             e.updated_at - ((${perEntry}::int - i) * interval '3 days')
      FROM content_entries e
      CROSS JOIN LATERAL (SELECT greatest(e.version, coalesce((SELECT max(version) FROM content_revisions r WHERE r.entry_id = e.id), 0)) AS v) top
      CROSS JOIN generate_series(1, ${perEntry}::int) AS i
      WHERE e.id BETWEEN ${lo}::int AND ${hi}::int`);
  }
  // Each entry is at the version of its last revision, as the change kernel leaves it.
  await db.execute(sql`UPDATE content_entries e SET version = r.v FROM (SELECT entry_id, max(version) AS v FROM content_revisions GROUP BY entry_id) r WHERE e.id = r.entry_id AND e.version < r.v`);
  console.log(`  ${(perEntry * entries!.n).toLocaleString("en-IN")} content revisions (${elapsed()})`);
}
