import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers } from "~/.server/db/schema.ts";
import type { ThreadListFilters } from "~/lib/forms/admin/communications.ts";
import { normaliseMobile } from "./index.ts";

/**
 * One thread per customer across every channel (/admin/communications). Nothing is copied into it: the
 * thread is read from where each message already lives, merged by time:
 * - conversation_messages: WhatsApp in and out, the office's replies, calls logged, notes (./index.ts);
 * - the outbox's SMS and e-mails to the customer (by outbox.customer_id, or their mobile or e-mail address),
 *   except those a conversation row already stands for (its outbox_id);
 * - their inbound forms (inbound_messages by mobile or e-mail);
 * - the calls logged on their service requests (request_events of kind "call").
 * A sender who is not a customer yet has a thread by mobile number (its key: 91 and ten digits).
 */

export interface ThreadRef {
  /** The address's key: the customer's reference, or 91 and ten digits for an unknown sender. */
  key: string;
  customerId: number | null;
  reference: string | null;
  name: string;
  company: string | null;
  mobile: string | null;
  email: string | null;
}

export interface ThreadListItem {
  key: string;
  reference: string | null;
  name: string;
  company: string | null;
  mobile: string | null;
  lastAt: string;
  lastChannel: string;
  lastDirection: "in" | "out";
  /** The newest message came from the customer: nobody has answered it yet. */
  awaiting: boolean;
  preview: string;
}

export interface ThreadListPage {
  rows: ThreadListItem[];
  next: string | null;
  total: number;
  counts: Record<string, number>;
}

type Rows = { rows: Array<Record<string, unknown>> };
const iso = (v: unknown): string => new Date(v as string | Date).toISOString();

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** 91 and ten digits, from +91XXXXXXXXXX. */
export const mobileKey = (e164: string) => e164.replace(/^\+/, "");

/**
 * Every piece of activity, one row each: its thread (customer id, or the unknown sender's mobile), when,
 * its channel and direction, and a line of it. The list groups these by thread.
 */
const ACTIVITY = sql`
  select coalesce(cm.customer_id, c.id) as customer_id,
         case when coalesce(cm.customer_id, c.id) is null then cm.mobile end as mobile,
         cm.created_at as at, cm.channel as channel, cm.direction as direction, left(cm.body, 160) as preview
    from conversation_messages cm
    left join customers c on cm.customer_id is null and c.mobile = cm.mobile
   where cm.customer_id is not null or cm.mobile is not null
  union all
  select o.customer_id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160)
    from outbox o where o.customer_id is not null and o.channel in ('sms', 'email')
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(o.body, 160)
    from outbox o join customers c on c.mobile = o.recipient
   where o.customer_id is null and o.channel = 'sms'
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160)
    from outbox o join customers c on lower(c.email) = lower(o.recipient)
   where o.customer_id is null and o.channel = 'email'
  union all
  select c.id, case when c.id is null then im.mobile end, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160)
    from inbound_messages im
    left join customers c on c.mobile = im.mobile
   where im.mobile is not null
  union all
  select c.id, null, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160)
    from inbound_messages im
    join customers c on lower(c.email) = lower(im.email)
   where im.mobile is null and im.email is not null
  union all
  select c.id, null, e.created_at, 'call', 'out', left(coalesce(e.note, 'Call logged'), 160)
    from request_events e
    join service_requests r on r.id = e.request_id
    join customers c on c.mobile = r.mobile
   where e.kind = 'call'`;

function threadsQuery(f: ThreadListFilters): SQL {
  const search = f.q ? searchCondition(f.q) : sql`true`;
  return sql`
    with activity as (${ACTIVITY}),
    latest as (
      select distinct on (coalesce(a.customer_id::text, a.mobile))
             a.customer_id, a.mobile, a.at, a.channel, a.direction, a.preview
        from activity a
       order by coalesce(a.customer_id::text, a.mobile), a.at desc
    )
    select l.customer_id, l.mobile as unknown_mobile, l.at, l.channel, l.direction, l.preview,
           c.reference, c.name, c.company, c.mobile
      from latest l
      left join customers c on c.id = l.customer_id
     where ${search}`;
}

function searchCondition(q: string): SQL {
  const compact = q.replace(/\s+/g, "").toUpperCase();
  if (/^CU-\d{4}-\d{4,}$/.test(compact)) return sql`c.reference = ${compact}`;
  const mobile = normaliseMobile(q);
  if (mobile) return sql`(c.mobile = ${mobile} or l.mobile = ${mobile})`;
  const pattern = `%${likeEscape(q.trim())}%`;
  return sql`(c.name ilike ${pattern} or c.company ilike ${pattern} or c.email ilike ${pattern} or c.mobile like ${pattern} or l.mobile like ${pattern})`;
}

function item(r: Record<string, unknown>): ThreadListItem {
  const unknown = r.unknown_mobile as string | null;
  const mobile = (r.mobile as string | null) ?? unknown;
  return {
    key: (r.reference as string | null) ?? mobileKey(unknown ?? ""),
    reference: r.reference as string | null,
    name: (r.name as string | null) ?? "Not a customer yet",
    company: r.company as string | null,
    mobile,
    lastAt: iso(r.at),
    lastChannel: String(r.channel),
    lastDirection: r.direction === "in" ? "in" : "out",
    awaiting: r.direction === "in",
    preview: String(r.preview ?? "").replace(/\s+/g, " ").trim(),
  };
}

/** Threads by latest activity, newest first, in keyset pages on (latest activity, customer id). */
export async function listThreads(f: ThreadListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<ThreadListPage> {
  const db = getDb();
  const after =
    cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? sql`(t.at, coalesce(t.customer_id, 0)) < (${cursor[0]}::timestamptz, ${cursor[1]})` : sql`true`;
  const awaiting = f.show === "awaiting" ? sql`t.direction = 'in'` : sql`true`;
  // One statement: the threads are worked out once (the CTE is materialised) for the page and both counts.
  const found = (await db.execute(sql`
    with t as materialized (${threadsQuery(f)})
    select p.*, (select count(*) from t)::int as count_all, (select count(*) from t where t.direction = 'in')::int as count_awaiting
      from (select 1) one
      left join lateral (select * from t where ${awaiting} and ${after} order by t.at desc, coalesce(t.customer_id, 0) desc limit ${size + 1}) p on true`)) as unknown as Rows;
  const first = found.rows[0];
  const counts = { all: Number(first?.count_all ?? 0), awaiting: Number(first?.count_awaiting ?? 0) };
  // No thread on the page: the one row carries only the counts.
  const rows = found.rows.filter((r) => r.at !== null && r.at !== undefined);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const next = more && last ? Buffer.from(JSON.stringify([iso(last.at), Number(last.customer_id ?? 0)])).toString("base64url") : null;
  return { rows: page.map(item), next, total: counts[f.show], counts };
}

/** The thread an address names: a customer's reference, or 91 and ten digits for an unknown sender. */
export async function resolveThread(key: string): Promise<ThreadRef | { redirect: string } | null> {
  const db = getDb();
  if (/^CU-\d{4}-\d{4,}$/.test(key)) {
    const [c] = await db.select().from(customers).where(eq(customers.reference, key));
    if (!c) return null;
    return { key, customerId: c.id, reference: c.reference, name: c.name, company: c.company, mobile: c.mobile, email: c.email };
  }
  if (!/^91[6-9]\d{9}$/.test(key)) return null;
  const mobile = `+${key}`;
  const [c] = await db
    .select({ reference: customers.reference })
    .from(customers)
    .where(and(eq(customers.mobile, mobile), isNull(customers.erasedAt)));
  if (c) return { redirect: `/admin/communications/${c.reference}` };
  const seen = (await db.execute(sql`
    select 1 from conversation_messages where mobile = ${mobile}
    union all select 1 from inbound_messages where mobile = ${mobile} limit 1`)) as unknown as Rows;
  if (seen.rows.length === 0) return null;
  const [named] = ((await db.execute(sql`select name, email from inbound_messages where mobile = ${mobile} order by created_at desc limit 1`)) as unknown as Rows).rows;
  return { key, customerId: null, reference: null, name: (named?.name as string | undefined) ?? "Not a customer yet", company: null, mobile, email: (named?.email as string | undefined) ?? null };
}

export interface ThreadEntry {
  /** Unique on the page: source and id. */
  key: string;
  source: "conversation" | "outbox" | "form" | "request";
  at: string;
  channel: "sms" | "email" | "whatsapp" | "call" | "form" | "note";
  direction: "in" | "out";
  subject: string | null;
  body: string;
  /** Queued, sent, failed, delivered...; a form's reference. */
  status: string | null;
  template: string | null;
  /** Who in the office: the staff member who wrote, sent or logged it. */
  staff: string | null;
  /** A call's length in minutes. */
  minutes: number | null;
  /** Where it came from in the back office (a form's message, a request). */
  href: string | null;
  hrefLabel: string | null;
}

export const THREAD_PAGE = 50;

/**
 * The thread's entries, newest last: the page holds the THREAD_PAGE newest entries older than the first
 * `skip` ones (skip 0: the latest). Returns whether older entries remain.
 */
export async function threadEntries(t: ThreadRef, skip = 0, size = THREAD_PAGE): Promise<{ entries: ThreadEntry[]; older: boolean }> {
  const cid = t.customerId ?? -1;
  const mobile = t.mobile ?? "";
  const email = t.email?.toLowerCase() ?? "";
  const result = (await getDb().execute(sql`
    select * from (
      select 'conversation' as source, cm.id, cm.created_at as at, cm.channel, cm.direction, cm.subject, cm.body,
             coalesce(o.delivery_status, o.status, cm.status) as status,
             cm.template, u.name as staff, cm.meta, null::text as href, null::text as href_label
        from conversation_messages cm
        left join outbox o on o.id = cm.outbox_id
        left join users u on u.id = cm.staff_user_id
       where cm.customer_id = ${cid} or (cm.customer_id is null and cm.mobile = ${mobile})
      union all
      select 'outbox', o.id, o.created_at, o.channel, 'out', o.subject, o.body,
             coalesce(o.delivery_status, o.status), o.template, null, '{}'::jsonb, null, null
        from outbox o
       where o.channel in ('sms', 'email')
         and (o.customer_id = ${cid}
              or (o.customer_id is null and o.channel = 'sms' and o.recipient = ${mobile})
              or (o.customer_id is null and o.channel = 'email' and ${email} <> '' and lower(o.recipient) = ${email}))
         and not exists (select 1 from conversation_messages x where x.outbox_id = o.id)
      union all
      select 'form', im.id, im.created_at, 'form', 'in', coalesce(im.subject, im.form), im.message,
             im.reference, im.form, null, '{}'::jsonb, '/admin/inbox', 'Inbox'
        from inbound_messages im
       where (im.mobile = ${mobile} or (${email} <> '' and lower(im.email) = ${email}))
         and not exists (select 1 from conversation_messages x where x.inbound_message_id = im.id)
      union all
      select 'request', e.id, e.created_at, 'call', 'out', 'Call logged on ' || r.reference, coalesce(e.note, ''),
             null, null, u.name, '{}'::jsonb, '/admin/service-requests/' || r.reference, r.reference
        from request_events e
        join service_requests r on r.id = e.request_id
        left join users u on u.id = e.actor_user_id
       where e.kind = 'call' and r.mobile = ${mobile}
    ) t
    order by t.at desc, t.source desc, t.id desc
    limit ${size + 1} offset ${skip}`)) as unknown as Rows;
  const rows = result.rows;
  const older = rows.length > size;
  const entries = rows.slice(0, size).map((r): ThreadEntry => {
    const meta = (typeof r.meta === "string" ? JSON.parse(r.meta) : r.meta) as Record<string, unknown> | null;
    const minutes = typeof meta?.minutes === "number" ? meta.minutes : null;
    return {
      key: `${String(r.source)}-${String(r.id)}`,
      source: r.source as ThreadEntry["source"],
      at: iso(r.at),
      channel: r.channel as ThreadEntry["channel"],
      direction: r.direction === "in" ? "in" : "out",
      subject: (r.subject as string | null) ?? null,
      body: String(r.body ?? ""),
      status: (r.status as string | null) ?? null,
      template: (r.template as string | null) ?? null,
      staff: (r.staff as string | null) ?? null,
      minutes,
      href: (r.href as string | null) ?? null,
      hrefLabel: (r.href_label as string | null) ?? null,
    };
  });
  return { entries: entries.reverse(), older };
}
