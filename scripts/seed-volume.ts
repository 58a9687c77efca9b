/**
 * `npm run seed:volume`: fills a development database with the volume the back office is budgeted for, to
 * measure lists and pages at that size: 100,000 service requests over the last three years (most of them
 * completed, the last fortnight's still open, every urgency, city, service, technician and state of the
 * response promise), and 1,000,000 rows of history split between request_events and audit_log.
 *
 *   npm run seed:volume                                  # the embedded database in DATA_DIR (default ./data)
 *   DATABASE_URL=postgres://... npm run seed:volume      # PostgreSQL
 *   npm run seed:volume -- --requests 20000 --history 200000
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

if (process.env.NODE_ENV === "production") {
  console.error("seed:volume fills the database with made-up requests: it does not run with NODE_ENV=production.");
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    history: { type: "string", default: "1000000" },
    technicians: { type: "string", default: "40" },
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
  console.log(`Vacuuming and analysing... (${elapsed()})`);
  await db.execute(sql.raw("VACUUM ANALYZE service_requests, request_events, audit_log, technician_profiles, customers"));
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
