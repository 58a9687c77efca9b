import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers } from "~/.server/db/schema.ts";
import type { ThreadListFilters } from "~/lib/forms/admin/communications.ts";
import { normaliseMobile } from "./index.ts";
import { catchUpThreads, threadCounts, THREADS_VERSION } from "./thread-summary.ts";

/**
 * One thread per customer across every channel (/admin/communications). No message is copied into it: the
 * thread is read from where each message already lives, merged by time (only the list of threads, their
 * latest lines, is stored: ./thread-summary.ts, ADR 033):
 * - conversation_messages: WhatsApp in and out, the office's replies, calls logged, notes (./index.ts);
 * - the outbox's SMS and e-mails to the customer (by outbox.customer_id, or their mobile or e-mail address),
 *   except those a conversation row already stands for (its outbox_id);
 * - their inbound forms (inbound_messages by mobile or e-mail);
 * - their service requests (as received) and the calls logged on them (request_events of kind "call");
 * - their help-desk tickets' messages, both ways (not the internal notes).
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
 * The list reads the stored threads (communication_threads, kept by ./thread-summary.ts from the same
 * rules: every channel above; only what a person in the office did answers a customer, never the outbox's
 * automatic messages), after catching them up with what was written since the last read.
 */
function searchCondition(q: string): { condition: SQL; text?: string } {
  const compact = q.replace(/\s+/g, "").toUpperCase();
  if (/^CU-\d{4}-\d{4,}$/.test(compact)) return { condition: sql`s.customer_id = (select id from customers where reference = ${compact})` };
  const mobile = normaliseMobile(q);
  if (mobile) return { condition: sql`(s.customer_id = (select id from customers where mobile = ${mobile}) or s.mobile = ${mobile})` };
  // Each field on its own line: a typed text (one line) never matches across two of them.
  const text = `%${likeEscape(q.trim().toLowerCase())}%`;
  return { condition: sql`s.search like ${text}`, text };
}

/**
 * A text search's tab counts, by the stored list's version (THREADS_VERSION). The text is matched inside
 * the stored search lines, which no index answers exactly: a word common to many threads (a city in the
 * company names) is counted by a pass over the whole list, most of the search's time at seed:volume's
 * 100,000 threads (issue 17 §8). Paging through the matches, or the list reloading for a live event that
 * changed no thread, would count them again; kept here, they are counted once per version of the list,
 * and any write to it (a new message, an erasure, a customer's changed number) makes them stale. Only the
 * text search is kept: it reads nothing but the list, while a reference or mobile search also reads the
 * customers (and is an index lookup).
 */
type Counts = { all: number; awaiting: number };
/** Per database (a test process opens two engines): the version the counts were read at, and the counts. */
const searchCounts = new WeakMap<object, { version: string; byText: Map<string, Counts> }>();
const SEARCH_COUNTS_KEPT = 200;

async function countSearch(db: ReturnType<typeof getDb>, search: SQL, text: string | undefined, version: Promise<string | null>): Promise<Counts> {
  const current = text === undefined ? null : await version;
  const kept = searchCounts.get(db);
  if (current !== null && kept?.version === current) {
    const counts = kept.byText.get(text!);
    if (counts) return { ...counts };
  }
  const counted = (await db.execute(
    sql`select count(*)::int as count_all, count(*) filter (where s.awaiting)::int as count_awaiting, ${THREADS_VERSION} as version from communication_threads s where ${search}`,
  )) as unknown as Rows;
  const row = counted.rows[0];
  const counts = { all: Number(row?.count_all ?? 0), awaiting: Number(row?.count_awaiting ?? 0) };
  // Kept under the version read with the count (the same snapshot), never the one read before it.
  const at = (row?.version as string | null | undefined) ?? null;
  if (text !== undefined && at !== null) {
    const entry = kept?.version === at ? kept : { version: at, byText: new Map<string, Counts>() };
    if (entry.byText.size >= SEARCH_COUNTS_KEPT) entry.byText.delete(entry.byText.keys().next().value!);
    entry.byText.set(text, counts);
    searchCounts.set(db, entry);
  }
  return { ...counts };
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
    awaiting: r.awaiting === true,
    preview: String(r.preview ?? "").replace(/\s+/g, " ").trim(),
  };
}

/** Threads by latest activity, newest first, in keyset pages on (latest activity, customer id). */
export async function listThreads(f: ThreadListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<ThreadListPage> {
  const db = getDb();
  await catchUpThreads(db);
  const searched = f.q ? searchCondition(f.q) : undefined;
  const search = searched?.condition ?? sql`true`;
  const after =
    cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? sql`(s.at, s.sort_id) < (${cursor[0]}::timestamptz, ${cursor[1]})` : sql`true`;
  const awaiting = f.show === "awaiting" ? sql`s.awaiting` : sql`true`;
  // A text search reads the list's version beside its page, to find its counts kept for that version.
  const version =
    searched?.text === undefined
      ? Promise.resolve(null)
      : db.execute(sql`select ${THREADS_VERSION} as version`).then((r) => ((r as unknown as Rows).rows[0]?.version as string | null | undefined) ?? null);
  const [found, counts] = (await Promise.all([
    db.execute(sql`
      select s.customer_id, s.mobile as unknown_mobile, s.at, s.channel, s.direction, s.preview, s.awaiting,
             c.reference, c.name, c.company, c.mobile
        from communication_threads s
        left join customers c on c.id = s.customer_id
       where ${search} and ${awaiting} and ${after}
       order by s.at desc, s.sort_id desc
       limit ${size + 1}`),
    // Without a search, the counts kept with the threads (counting them all took longer than the page).
    searched
      ? countSearch(db, search, searched.text, version)
      : threadCounts(db).then((c) => ({ all: c?.all ?? 0, awaiting: c?.awaiting ?? 0 })),
  ])) as unknown as [Rows, Counts];
  const rows = found.rows;
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
    const [c] = await db.select().from(customers).where(and(eq(customers.reference, key), isNull(customers.deletedAt)));
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
    union all select 1 from inbound_messages where mobile = ${mobile}
    union all select 1 from service_requests where mobile = ${mobile}
    union all select 1 from tickets where contact_mobile = ${mobile} limit 1`)) as unknown as Rows;
  if (seen.rows.length === 0) return null;
  // The name they last gave: on a form, a service request or a help-desk ticket.
  const [named] = ((await db.execute(sql`
    select name, email from (
      select name, email, created_at from inbound_messages where mobile = ${mobile}
      union all select contact_name, email, created_at from service_requests where mobile = ${mobile}
      union all select contact_name, contact_email, created_at from tickets where contact_mobile = ${mobile} and contact_name is not null
    ) n order by created_at desc limit 1`)) as unknown as Rows).rows;
  return { key, customerId: null, reference: null, name: (named?.name as string | undefined) ?? "Not a customer yet", company: null, mobile, email: (named?.email as string | undefined) ?? null };
}

export interface ThreadEntry {
  /** Unique on the page: source and id. */
  key: string;
  source: "conversation" | "outbox" | "form" | "request" | "service-request" | "ticket";
  at: string;
  channel: "sms" | "email" | "whatsapp" | "call" | "form" | "note" | "request" | "helpdesk";
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
              or (o.customer_id is null and o.channel = 'sms' and lower(o.recipient) = lower(${mobile}))
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
       where e.kind = 'call' and (r.customer_id = ${cid} or (r.customer_id is null and r.mobile = ${mobile}))
      union all
      select 'service-request', r.id, r.created_at, 'request', 'in',
             'Service request ' || r.reference || coalesce(': ' || r.service_name, ''), r.fault_description,
             r.status, null, null, '{}'::jsonb, '/admin/service-requests/' || r.reference, r.reference
        from service_requests r
       where r.customer_id = ${cid} or (r.customer_id is null and r.mobile = ${mobile})
      union all
      select 'ticket', m.id, m.created_at, 'helpdesk', case when m.author = 'customer' then 'in' else 'out' end,
             'Ticket ' || tk.reference || ': ' || tk.subject, m.body, tk.status, null,
             case when m.author = 'staff' then u.name when m.author = 'bot' then 'Chat assistant' end,
             '{}'::jsonb, '/admin/help-desk/' || tk.reference, tk.reference
        from ticket_messages m
        join tickets tk on tk.id = m.ticket_id
        left join users u on u.id = m.author_user_id
       where not m.internal
         and (tk.customer_id = ${cid}
              or (tk.customer_id is null and (tk.contact_mobile = ${mobile} or (${email} <> '' and lower(tk.contact_email) = ${email}))))
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
