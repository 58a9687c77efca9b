import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { listThreads } from "~/.server/communications/thread.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The thread list of /admin/communications reads conversation_threads, which triggers keep (ADR 028). It must
 * list exactly what it listed when every view derived the threads from all activity: the reference below is
 * that query, as it was, and every step (new messages of each kind, a customer made for an unknown sender,
 * a first contact, edits and deletions, a changed e-mail address) compares the two, for every tab and search.
 */
const REFERENCE_ACTIVITY = sql`
  select coalesce(cm.customer_id, c.id) as customer_id,
         case when coalesce(cm.customer_id, c.id) is null then cm.mobile end as mobile,
         cm.created_at as at, cm.channel as channel, cm.direction as direction, left(cm.body, 160) as preview,
         (cm.direction = 'out' and cm.staff_user_id is not null) as answer
    from conversation_messages cm
    left join customers c on cm.customer_id is null and c.mobile = cm.mobile
   where cm.customer_id is not null or cm.mobile is not null
  union all
  select o.customer_id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
    from outbox o where o.customer_id is not null and o.channel in ('sms', 'email')
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(o.body, 160), false
    from outbox o join customers c on c.mobile = o.recipient
   where o.customer_id is null and o.channel = 'sms'
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
    from outbox o join customers c on lower(c.email) = lower(o.recipient)
   where o.customer_id is null and o.channel = 'email'
  union all
  select c.id, case when c.id is null then im.mobile end, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
    from inbound_messages im
    left join customers c on c.mobile = im.mobile
   where im.mobile is not null
  union all
  select c.id, null, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
    from inbound_messages im
    join customers c on lower(c.email) = lower(im.email)
   where im.mobile is null and im.email is not null
  union all
  select coalesce(r.customer_id, c.id), null, e.created_at, 'call', 'out', left(coalesce(e.note, 'Call logged'), 160), true
    from request_events e
    join service_requests r on r.id = e.request_id
    left join customers c on r.customer_id is null and c.mobile = r.mobile
   where e.kind = 'call' and coalesce(r.customer_id, c.id) is not null
  union all
  select coalesce(r.customer_id, c.id), case when coalesce(r.customer_id, c.id) is null then r.mobile end,
         r.created_at, 'request', 'in', left(r.reference || ': ' || r.fault_description, 160), false
    from service_requests r
    left join customers c on r.customer_id is null and c.mobile = r.mobile
  union all
  select coalesce(r.customer_id, c.id), case when coalesce(r.customer_id, c.id) is null then r.mobile end,
         r.first_contact_at, 'request', 'out', null, true
    from service_requests r
    left join customers c on r.customer_id is null and c.mobile = r.mobile
   where r.first_contact_at is not null
  union all
  select coalesce(t.customer_id, c.id), case when coalesce(t.customer_id, c.id) is null then t.contact_mobile end,
         m.created_at, 'helpdesk', case when m.author = 'customer' then 'in' else 'out' end,
         left(t.reference || ': ' || m.body, 160), (m.author = 'staff')
    from ticket_messages m
    join tickets t on t.id = m.ticket_id
    left join lateral (
      select x.id from customers x
       where t.customer_id is null
         and (x.mobile = t.contact_mobile or (t.contact_email is not null and lower(x.email) = lower(t.contact_email)))
       order by (x.mobile = t.contact_mobile) desc, x.id limit 1) c on true
   where not m.internal and (coalesce(t.customer_id, c.id) is not null or t.contact_mobile is not null)`;


type Rows = { rows: Array<Record<string, unknown>> };

describeEachEngine("the stored thread list matches the threads derived from all activity", (database) => {
  const db = () => database().handle.db;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  let staffId: number;
  let ids: { a: number; b: number };

  async function reference(where: ReturnType<typeof sql> = sql`true`) {
    const found = (await db().execute(sql`
      with activity as (${REFERENCE_ACTIVITY}),
      latest as (
        select distinct on (coalesce(a.customer_id::text, a.mobile)) a.customer_id, a.mobile, a.at, a.channel, a.direction, a.preview
          from activity a where a.preview is not null
         order by coalesce(a.customer_id::text, a.mobile), a.at desc
      ),
      state as (
        select coalesce(a.customer_id::text, a.mobile) as thread,
               max(a.at) filter (where a.direction = 'in') as last_in, max(a.at) filter (where a.answer) as last_answer
          from activity a group by 1
      )
      select coalesce(c.reference, replace(l.mobile, '+', '')) as key, l.at, l.channel, l.direction, l.preview,
             (s.last_in is not null and (s.last_answer is null or s.last_answer < s.last_in)) as awaiting
        from latest l join state s on s.thread = coalesce(l.customer_id::text, l.mobile)
        left join customers c on c.id = l.customer_id
       where ${where}
       order by l.at desc, coalesce(l.customer_id, 0) desc`)) as unknown as Rows;
    return found.rows.map((r) => ({
      key: String(r.key),
      lastAt: new Date(r.at as string).toISOString(),
      lastChannel: String(r.channel),
      lastDirection: String(r.direction),
      awaiting: r.awaiting === true,
      preview: String(r.preview ?? "").replace(/\s+/g, " ").trim(),
    }));
  }

  async function listed(show: "all" | "awaiting", q?: string) {
    const page = await listThreads({ show, ...(q ? { q } : {}) } as Parameters<typeof listThreads>[0], undefined, 1000);
    return {
      rows: page.rows.map((r) => ({ key: r.key, lastAt: r.lastAt, lastChannel: r.lastChannel, lastDirection: r.lastDirection, awaiting: r.awaiting, preview: r.preview })),
      counts: page.counts,
    };
  }

  async function expectSame() {
    const all = await reference();
    expect(all.length).toBeGreaterThan(0);
    const now = await listed("all");
    expect(now.rows).toEqual(all);
    expect((await listed("awaiting")).rows).toEqual(all.filter((r) => r.awaiting));
    expect(now.counts).toEqual({ all: all.length, awaiting: all.filter((r) => r.awaiting).length });
    // Searches: a part of a name, a company, an e-mail address, a mobile number (the customer's or an unknown sender's).
    for (const [q, where] of [
      ["nita Red", sql`c.name ilike '%nita Red%'`],
      ["Polymers", sql`c.company ilike '%Polymers%'`],
      ["reddy.example", sql`c.email ilike '%reddy.example%'`],
      ["98123", sql`(c.mobile like '%98123%' or l.mobile like '%98123%')`],
      ["+91 98123 00077", sql`(c.mobile = '+919812300077' or l.mobile = '+919812300077')`],
    ] as const) {
      const expected = await reference(where);
      const found = await listed("all", q);
      expect(found.rows, q).toEqual(expected);
      expect(found.counts.all, q).toBe(expected.length);
    }
  }

  beforeAll(async () => {
    await db().execute(sql`insert into users (mobile, name, roles, staff_role) values ('+919000000901', 'Ravi Office', array['admin'], 'office')`);
    const s = (await db().execute(sql`select id from users where mobile = '+919000000901'`)) as unknown as Rows;
    staffId = Number(s.rows[0]!.id);
    const c = (await db().execute(sql`
      insert into customers (reference, mobile, name, company, email) values
        ('CU-2611-0971', '+919812300071', 'Sunita Reddy', 'Reddy Polymers', 'sunita@reddy.example'),
        ('CU-2611-0972', '+919812300072', 'Arjun Rao', 'Rao Castings', null)
      returning id, reference`)) as unknown as Rows;
    ids = { a: Number(c.rows.find((r) => r.reference === "CU-2611-0971")!.id), b: Number(c.rows.find((r) => r.reference === "CU-2611-0972")!.id) };
  });

  it("new messages of every kind, in one statement or one by one", async () => {
    await db().execute(sql`
      insert into service_requests (reference, kind, status, contact_name, mobile, company, site_address, city, service_slug, service_name,
        fault_description, urgency, consent_version, consent_at, idempotency_key, customer_id, response_due_at, created_at, updated_at)
      values ('SR-2611-9701', 'full', 'new', 'Sunita Reddy', '+919812300071', 'Reddy Polymers', 'Plot 1', 'Hyderabad', 'vfd-repair', 'VFD Repair',
              'Drive trips at start-up', 'planned', 'v1', now(), ${"t-" + Math.random()}, ${ids.a}, now(), ${minutesAgo(100)}, now()),
             ('SR-2611-9702', 'full', 'new', 'Kiran Unknown', '+919812300077', null, 'Plot 2', 'Medchal', 'vfd-repair', 'VFD Repair',
              'Servo alarm 21', 'emergency', 'v1', now(), ${"t-" + Math.random()}, null, now(), ${minutesAgo(99)}, now())`);
    await expectSame();
    await db().execute(sql`
      insert into outbox (channel, recipient, subject, body, template, status, dedupe_key, customer_id, created_at) values
        ('sms', '+919812300071', null, 'We have your request SR-2611-9701', 'ack', 'sent', 'c-1', null, ${minutesAgo(98)}),
        ('email', 'SUNITA@reddy.example', 'Your request', 'We have it', 'request-customer', 'sent', 'c-2', null, ${minutesAgo(97)}),
        ('sms', '+919812300072', null, 'Your invoice', 'inv', 'sent', 'c-3', ${ids.b}, ${minutesAgo(96)}),
        ('job', 'escalate', null, '{}', 'job', 'pending', 'c-4', null, ${minutesAgo(1)})`);
    await db().execute(sql`
      insert into inbound_messages (reference, form, name, mobile, email, subject, message, consent_version, consent_at, idempotency_key, created_at) values
        ('CT-2611-9701', 'contact', 'Kiran', '+919812300077', null, 'Spare drive', 'Do you keep a spare?', 'v1', now(), 'c-f1', ${minutesAgo(95)}),
        ('CT-2611-9702', 'contact', 'Sunita', null, 'sunita@REDDY.example', 'Quote', '', 'v1', now(), 'c-f2', ${minutesAgo(94)})`);
    await db().execute(sql`
      insert into conversation_messages (customer_id, mobile, channel, direction, body, status, staff_user_id, created_at) values
        (null, '+919812300077', 'whatsapp', 'in', 'Any update?', 'received', null, ${minutesAgo(93)}),
        (null, '+919812300077', 'whatsapp', 'out', 'Engineer at 11 am', 'sent', ${staffId}, ${minutesAgo(92)}),
        (${ids.a}, '+919812300071', 'whatsapp', 'in', 'Please call me', 'received', null, ${minutesAgo(91)})`);
    await expectSame();
    const t = (await db().execute(sql`
      insert into tickets (reference, source, subject, contact_name, contact_mobile, contact_email, first_response_due_at, resolution_due_at, created_at)
      values ('TK-2611-9701', 'contact', 'Warranty', 'Arjun', '+919812300072', null, now(), now(), ${minutesAgo(90)}) returning id`)) as unknown as Rows;
    const ticket = Number(t.rows[0]!.id);
    await db().execute(sql`insert into ticket_messages (ticket_id, author, body, internal, created_at) values (${ticket}, 'customer', 'Send the warranty card', false, ${minutesAgo(89)})`);
    await db().execute(sql`insert into ticket_messages (ticket_id, author, author_user_id, body, internal, created_at) values (${ticket}, 'staff', ${staffId}, 'Checking', true, ${minutesAgo(88)})`);
    await expectSame();
    await db().execute(sql`insert into ticket_messages (ticket_id, author, author_user_id, body, internal, created_at) values (${ticket}, 'staff', ${staffId}, 'Attached', false, ${minutesAgo(87)})`);
    await db().execute(sql`
      insert into request_events (request_id, kind, status, note, internal, created_at)
      select id, 'call', status, 'Called back', false, ${minutesAgo(86)} from service_requests where reference = 'SR-2611-9701'`);
    await expectSame();
  });

  it("a customer made for an unknown sender's number takes their thread; a first contact answers; edits and deletions", async () => {
    await db().execute(sql`insert into customers (reference, mobile, name, company, email) values ('CU-2611-0973', '+919812300077', 'Kiran Kumar', 'Kumar Polymers', 'kiran@kumar.example')`);
    await expectSame();
    await db().execute(sql`update service_requests set first_contact_at = ${minutesAgo(50)} where reference = 'SR-2611-9702'`);
    await expectSame();
    await db().execute(sql`update ticket_messages set internal = false where body = 'Checking'`);
    await db().execute(sql`update outbox set status = 'failed', attempts = 3 where dedupe_key = 'c-3'`);
    await expectSame();
    await db().execute(sql`delete from outbox where dedupe_key = 'c-3'`);
    await db().execute(sql`delete from conversation_messages where body = 'Please call me'`);
    await expectSame();
    await db().execute(sql`update customers set email = 'other@example.in' where reference = 'CU-2611-0971'`);
    await expectSame();
    // The e-mail and the form sent to that address belong to nobody now, until a customer has the address.
    await db().execute(sql`insert into customers (reference, mobile, name, email) values ('CU-2611-0974', '+919812300074', 'Sunita R', 'Sunita@Reddy.example')`);
    await expectSame();
    await db().execute(sql`delete from customers where reference = 'CU-2611-0974'`);
    await expectSame();
    await db().execute(sql`update service_requests set customer_id = null where reference = 'SR-2611-9701'`);
    await expectSame();
    await db().execute(sql`delete from tickets where reference = 'TK-2611-9701'`);
    await expectSame();
    // What the office sees at the end: Kiran (a customer now) answered by a first contact and a reply; the
    // request taken off Sunita's record still hers by its mobile, with its logged call answering her.
    const { rows } = await listed("all");
    expect(rows.map((r) => [r.key, r.awaiting]).sort()).toEqual([
      ["CU-2611-0971", false],
      ["CU-2611-0973", false],
    ]);
  });
});
