import { refreshMessageLog } from "~/.server/communications/log-summary.ts";
import { refreshThreads } from "~/.server/communications/thread-summary.ts";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { csvCell } from "~/.server/admin/list.ts";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { afterCommit, getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { forgetInTrash } from "~/.server/trash/erasure.ts";
import {
  auditLog,
  conversationMessages,
  customerDataRequests,
  customers,
  contracts,
  customerSites,
  equipmentUnits,
  feedback,
  invoices,
  jobSignoffs,
  liveEvents,
  otpChallenges,
  outbox,
  payments,
  quoteResponses,
  quotes,
  quoteVersions,
  refunds,
  requestEvents,
  requestPhotos,
  serviceRequests,
  sessions,
  staffNotifications,
  tickets,
  users,
} from "~/.server/db/schema.ts";
import { unitDescription, type UnitDescription } from "~/.server/customers/units.ts";
import { deleteStored } from "~/.server/uploads/storage.ts";
import { statusLabel } from "~/lib/requests/status.ts";

/**
 * A customer's personal data under India's DPDP Act: the copy they are owed (JSON and CSV, the same content),
 * and erasure. The office downloads the copy from the customer's page (/admin/customers/{reference}/export),
 * the customer from the portal's "My data" page; both read customerDataExport.
 */

/** What erased personal fields become. The request's mobile is NOT NULL: a number no phone can have. */
export const ERASED_NAME = "Erased customer";
export const ERASED_CONTACT = "Erased";
export const ERASED_MOBILE = "+910000000000";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface ExportOptions {
  /**
   * The office's copy also carries what the office wrote for itself (the customer's notes, calls and
   * internal notes on requests); the customer's own copy leaves those out, as their portal does.
   */
  includeInternal?: boolean;
  db?: Database | Transaction;
}

/** Everything held about one customer, as plain JSON: details, sites, units, requests (with their history), data requests. */
export async function customerDataExport(customerId: number, options: ExportOptions = {}): Promise<CustomerDataExport> {
  const db = options.db ?? getDb();
  const internal = options.includeInternal ?? false;
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new Error(`Customer ${customerId} does not exist.`);
  const [sites, units, requests, dataRequests] = await Promise.all([
    db.select().from(customerSites).where(eq(customerSites.customerId, customerId)).orderBy(asc(customerSites.id)),
    db.select().from(equipmentUnits).where(eq(equipmentUnits.customerId, customerId)).orderBy(asc(equipmentUnits.id)),
    db.select().from(serviceRequests).where(eq(serviceRequests.customerId, customerId)).orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id)),
    db.select().from(customerDataRequests).where(eq(customerDataRequests.customerId, customerId)).orderBy(asc(customerDataRequests.createdAt), asc(customerDataRequests.id)),
  ]);
  const requestIds = requests.map((r) => r.id);
  const [events, photos, signoffs] = requestIds.length
    ? await Promise.all([
        db
          .select()
          .from(requestEvents)
          .where(and(inArray(requestEvents.requestId, requestIds), internal ? undefined : eq(requestEvents.internal, false)))
          .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
        db.select().from(requestPhotos).where(inArray(requestPhotos.requestId, requestIds)).orderBy(asc(requestPhotos.id)),
        db.select().from(jobSignoffs).where(inArray(jobSignoffs.requestId, requestIds)),
      ])
    : [[], [], []];
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  return {
    exportedAt: new Date().toISOString(),
    customer: {
      reference: customer.reference,
      name: customer.name,
      mobile: customer.mobile,
      company: customer.company,
      email: customer.email,
      gstin: customer.gstin,
      billingAddress: [customer.billingAddress, customer.billingCity, customer.billingPincode].filter(Boolean).join(", ") || null,
      ...(internal ? { notes: customer.notes } : {}),
      portalAccount: customer.userId !== null,
      createdAt: iso(customer.createdAt)!,
      erasedAt: iso(customer.erasedAt),
    },
    sites: sites.map((s) => ({ name: s.name, address: s.address, city: s.city, pincode: s.pincode, createdAt: iso(s.createdAt)! })),
    units: units.map((u) => ({
      site: u.siteId ? (siteName.get(u.siteId) ?? null) : null,
      ...unitDescription(u),
      createdAt: iso(u.createdAt)!,
    })),
    requests: requests.map((r) => {
      const signoff = signoffs.find((s) => s.requestId === r.id);
      return {
        reference: r.reference,
        receivedAt: iso(r.createdAt)!,
        status: statusLabel(r.status),
        contactName: r.contactName,
        mobile: r.mobile,
        email: r.email,
        company: r.company,
        siteAddress: r.siteAddress,
        city: r.city,
        site: r.siteId ? (siteName.get(r.siteId) ?? null) : null,
        service: r.serviceName ?? r.serviceSlug,
        equipment: { brand: r.equipmentBrand, model: r.equipmentModel, rating: r.equipmentRating },
        faultDescription: r.faultDescription,
        faultCode: r.faultCode,
        urgency: r.urgency,
        preferredDate: r.preferredDate,
        poNumber: r.poNumber,
        visit: r.visitStart ? { start: iso(r.visitStart), end: iso(r.visitEnd) } : null,
        completedAt: iso(r.completedAt),
        cancelReason: r.cancelReason,
        consent: { version: r.consentVersion, at: iso(r.consentAt)! },
        events: events
          .filter((e) => e.requestId === r.id)
          .map((e) => ({ at: iso(e.createdAt)!, kind: e.kind, status: statusLabel(e.status), note: e.note, ...(internal ? { internal: e.internal } : {}) })),
        photos: photos.filter((p) => p.requestId === r.id).map((p) => ({ name: p.originalName, caption: p.caption, addedBy: p.source, at: iso(p.createdAt)! })),
        signoff: signoff ? { signerName: signoff.signerName, method: signoff.method, at: iso(signoff.signedAt)! } : null,
      };
    }),
    dataRequests: dataRequests.map((d) => ({
      kind: d.kind,
      detail: d.detail,
      status: d.status,
      resolution: d.resolution,
      askedAt: iso(d.createdAt)!,
      resolvedAt: iso(d.resolvedAt),
    })),
  };
}

export type CustomerDataExport = {
  exportedAt: string;
  customer: {
    reference: string;
    name: string;
    mobile: string | null;
    company: string | null;
    email: string | null;
    gstin: string | null;
    billingAddress: string | null;
    notes?: string | null;
    portalAccount: boolean;
    createdAt: string;
    erasedAt: string | null;
  };
  sites: Array<{ name: string; address: string | null; city: string | null; pincode: string | null; createdAt: string }>;
  units: Array<{ site: string | null } & UnitDescription & { createdAt: string }>;
  requests: Array<Record<string, unknown> & { reference: string; events: Array<Record<string, unknown>> }>;
  dataRequests: Array<{ kind: string; detail: string | null; status: string; resolution: string | null; askedAt: string; resolvedAt: string | null }>;
};

/**
 * The same copy as one CSV file of four columns: section, record, field, value. One file because the
 * customer asked for one copy; four columns because the sections have different fields (a site is not a
 * request), and a long table reads the same in any spreadsheet, with every value labelled, whereas one sheet
 * per section would need several files or a zip. Nested values (a request's events) get a row each.
 */
export async function customerDataCsv(customerId: number, options: ExportOptions = {}): Promise<string> {
  const data = await customerDataExport(customerId, options);
  const rows: unknown[][] = [["Section", "Record", "Field", "Value"]];
  const add = (section: string, record: string, values: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(values)) rows.push([section, record, field, value]);
  };
  add("Customer", data.customer.reference, data.customer);
  data.sites.forEach((s, i) => add("Site", `${i + 1}. ${s.name}`, s));
  data.units.forEach((u, i) => add("Unit", `${i + 1}. ${[u.make, u.model].filter(Boolean).join(" ")}`, u));
  for (const r of data.requests) {
    const { events, photos, ...rest } = r as typeof r & { photos: Array<Record<string, unknown>> };
    add("Request", r.reference, rest);
    events.forEach((e, i) => add("Request history", `${r.reference} #${i + 1}`, e));
    photos.forEach((p, i) => add("Request photo", `${r.reference} #${i + 1}`, p));
  }
  data.dataRequests.forEach((d, i) => add("Data request", `${i + 1}. ${d.kind}`, d));
  add("Export", "", { exportedAt: data.exportedAt });
  return stringify(rows.map((row) => row.map(csvCell)));
}

// ── Erasure ──────────────────────────────────────────────────────────────────────────────────────

/** What stands in for erased personal details quoted inside a text. */
const ERASED_TEXT = "[erased]";

/**
 * The strings that identify the customer inside free text: their name and the contact names on their requests
 * (names: another person may share them), and their identifiers: the mobile in every format the site writes
 * it (+91XXXXXXXXXX, 91XXXXXXXXXX as in a wa.me link, the 10 digits, "+91 XXXXX XXXXX"), the e-mail
 * addresses and the GSTIN. Too-short strings (a one-letter name) are left out: replacing them would mangle
 * everything.
 */
function personalStrings(
  customer: { name: string | null; mobile: string | null; email: string | null; gstin: string | null },
  requests: Array<{ email: string | null; contactName?: string | null }>,
): { names: string[]; identifiers: string[] } {
  const names = new Set<string>();
  const identifiers = new Set<string>();
  const add = (list: Set<string>, value: string | null | undefined) => {
    const v = value?.trim();
    if (v && v.length >= 4 && v !== ERASED_NAME && v !== ERASED_CONTACT) list.add(v);
  };
  add(names, customer.name);
  for (const r of requests) {
    add(names, r.contactName);
    add(identifiers, r.email);
  }
  add(identifiers, customer.email);
  add(identifiers, customer.gstin);
  if (customer.mobile && /^\+91\d{10}$/.test(customer.mobile)) {
    const national = customer.mobile.slice(3);
    add(identifiers, `+91 ${national.slice(0, 5)} ${national.slice(5)}`);
    add(identifiers, `${national.slice(0, 5)} ${national.slice(5)}`);
    add(identifiers, customer.mobile);
    add(identifiers, customer.mobile.slice(1));
    add(identifiers, national);
  }
  // Longest first, so that "+91 98480 12345" goes whole before "98480 12345" is looked for.
  const longestFirst = (list: Set<string>) => [...list].sort((a, b) => b.length - a.length);
  return { names: longestFirst(names), identifiers: longestFirst(identifiers) };
}

/** The string as it appears inside a JSON document's text (quotes and backslashes escaped). */
function jsonInner(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * A PostgreSQL regular expression that finds any of the strings as a whole word: not inside a longer word
 * (a contact named "Ravi" must not turn the engineer "Ravindra" into "[erased]ndra", nor a reference
 * SR-2611-0001 match SR-2611-00012).
 */
function wholeWords(values: string[]): string {
  const escaped = values.map((v) => v.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&"));
  return `(?<![[:alnum:]_])(?:${escaped.join("|")})(?![[:alnum:]_])`;
}

/** What marks a text as being about the customer: their records' references, their identifiers, and their records. */
interface OwnRecords {
  /** References and numbers of their records, their mobile, e-mail and GSTIN, and back-office paths by id. */
  marks: string[];
  /** Audit entries' (entity type, entity id) of their records. */
  entities: Array<[string, string]>;
}

async function ownRecords(
  tx: Transaction,
  customer: { id: number; reference: string; mobile: string | null },
  requests: Array<{ id: number; reference: string }>,
  identifiers: string[],
): Promise<OwnRecords> {
  const customerId = customer.id;
  const reference = customer.reference;
  const marks = new Set<string>([reference, ...requests.map((r) => r.reference), ...identifiers]);
  const entities: Array<[string, string]> = [["customer", String(customerId)], ...requests.map((r): [string, string] => ["request", String(r.id)])];
  const add = (type: string, rows: Array<{ id: number; ref: string }>) => {
    for (const row of rows) {
      marks.add(row.ref);
      entities.push([type, String(row.id)]);
    }
  };
  add("quote", await tx.select({ id: quotes.id, ref: quotes.reference }).from(quotes).where(eq(quotes.customerId, customerId)));
  add("invoice", await tx.select({ id: invoices.id, ref: invoices.number }).from(invoices).where(eq(invoices.customerId, customerId)));
  // Tickets as erasure finds them: theirs, or raised from their number without being linked.
  add(
    "ticket",
    await tx
      .select({ id: tickets.id, ref: tickets.reference })
      .from(tickets)
      .where(or(eq(tickets.customerId, customerId), customer.mobile ? eq(tickets.contactMobile, customer.mobile) : undefined)),
  );
  add("contract", await tx.select({ id: contracts.id, ref: contracts.reference }).from(contracts).where(eq(contracts.customerId, customerId)));
  add("payment", await tx.select({ id: payments.id, ref: payments.reference }).from(payments).where(eq(payments.customerId, customerId)));
  add("refund", await tx.select({ id: refunds.id, ref: refunds.number }).from(refunds).where(eq(refunds.customerId, customerId)));
  for (const f of await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.customerId, customerId))) {
    marks.add(`/admin/feedback/${f.id}`);
    entities.push(["feedback", String(f.id)]);
  }
  return { marks: [...marks].filter(Boolean), entities };
}

/**
 * Replaces each string, as a whole word, in the text columns that quote people to others: staff
 * notifications, live events, the outbox's messages (those to the customer are blanked whole above; these are
 * the office's alerts), and audit values. Identifiers (their mobile in every format, e-mail, GSTIN) are theirs
 * wherever they appear, so they go from every such text. A name is not: another customer of the same name is
 * another person, so names go only from texts about the erased customer's own records (their references, their
 * identifiers, or an audit entry of one of their records), never from another customer's (issue 17).
 */
async function scrubText(tx: Transaction, names: string[], identifiers: string[], own: OwnRecords): Promise<void> {
  const scrub = async (values: string[], ownOnly: boolean) => {
    if (values.length === 0) return;
    const pattern = wholeWords(values);
    const jsonPattern = wholeWords(values.map(jsonInner));
    const mine = wholeWords(own.marks);
    const about = (...texts: SQL[]) => (ownOnly ? or(...texts.map((t) => sql`${t} ~* ${mine}`)) : undefined);
    const entityIn = own.entities.length
      ? sql`(${auditLog.entityType}, ${auditLog.entityId}) in (${sql.join(
          own.entities.map(([type, id]) => sql`(${type}, ${id})`),
          sql`, `,
        )})`
      : sql`false`;
    await tx
      .update(staffNotifications)
      .set({ title: sql`regexp_replace(${staffNotifications.title}, ${pattern}, ${ERASED_TEXT}, 'gi')`, body: sql`regexp_replace(${staffNotifications.body}, ${pattern}, ${ERASED_TEXT}, 'gi')` })
      .where(
        and(
          or(sql`${staffNotifications.title} ~* ${pattern}`, sql`${staffNotifications.body} ~* ${pattern}`),
          about(sql`${staffNotifications.link}`, sql`${staffNotifications.dedupeKey}`, sql`${staffNotifications.title}`, sql`${staffNotifications.body}`),
        ),
      );
    const scrubbed = await tx
      .update(outbox)
      .set({
        subject: sql`regexp_replace(${outbox.subject}, ${pattern}, ${ERASED_TEXT}, 'gi')`,
        body: sql`regexp_replace(${outbox.body}, ${pattern}, ${ERASED_TEXT}, 'gi')`,
        variables: sql`regexp_replace(${outbox.variables}::text, ${jsonPattern}, ${ERASED_TEXT}, 'gi')::jsonb`,
      })
      .where(
        and(
          sql`${outbox.channel} <> 'job'`,
          or(sql`${outbox.subject} ~* ${pattern}`, sql`${outbox.body} ~* ${pattern}`, sql`${outbox.variables}::text ~* ${jsonPattern}`),
          ownOnly
            ? or(sql`${outbox.customerId} = ${own.entities[0]![1]}::int`, about(sql`${outbox.dedupeKey}`, sql`${outbox.subject}`, sql`${outbox.body}`, sql`${outbox.variables}::text`))
            : undefined,
        ),
      )
      .returning({ id: outbox.id });
    // The SMS and e-mail logs' copy of the subject follows (ADR 035).
    await refreshMessageLog(
      tx,
      scrubbed.map((m) => m.id),
    );
    await tx
      .update(liveEvents)
      .set({ data: sql`regexp_replace(${liveEvents.data}::text, ${jsonPattern}, ${ERASED_TEXT}, 'gi')::jsonb` })
      .where(and(sql`${liveEvents.data}::text ~* ${jsonPattern}`, about(sql`${liveEvents.data}::text`)));
    await tx
      .update(auditLog)
      .set({
        before: sql`regexp_replace(${auditLog.before}::text, ${jsonPattern}, ${ERASED_TEXT}, 'gi')::jsonb`,
        after: sql`regexp_replace(${auditLog.after}::text, ${jsonPattern}, ${ERASED_TEXT}, 'gi')::jsonb`,
        entityLabel: sql`regexp_replace(${auditLog.entityLabel}, ${pattern}, ${ERASED_TEXT}, 'gi')`,
      })
      .where(
        and(
          or(sql`${auditLog.before}::text ~* ${jsonPattern}`, sql`${auditLog.after}::text ~* ${jsonPattern}`, sql`${auditLog.entityLabel} ~* ${pattern}`),
          ownOnly ? or(entityIn, about(sql`${auditLog.entityLabel}`, sql`${auditLog.before}::text`, sql`${auditLog.after}::text`)) : undefined,
        ),
      );
  };
  // Names first: a text is recognised as theirs by their identifiers, which the second pass replaces.
  await scrub(names, true);
  await scrub(identifiers, false);
}

export type EraseResult = { ok: true; requests: number; photos: number } | { ok: false; reason: "not-found" | "already-erased" };

/**
 * Erases a customer's personal data (DPDP Act), in one transaction (a savepoint when given one): the
 * customer's name, mobile, e-mail, company, GSTIN and notes; on each of their requests the contact's name,
 * mobile, e-mail, company and site address, the sign-off's signer and signature; their photos (rows now, files
 * once committed); the sites' addresses; the text of their data requests; messages addressed to them (a
 * pending one is never sent); their sign-in codes and portal sessions, the portal account's own details, and
 * the values earlier audit entries about the customer recorded (who did what and when stays).
 *
 * Kept, because they are about the work and not the person: references, dates, statuses, the fault and the
 * equipment (the units and their serial numbers), and the request's history. Open erasure requests are
 * closed as done. The audit entry counts what was erased and names no one.
 */
export async function eraseCustomer(
  db: Database | Transaction,
  customerId: number,
  actor: AuditActor,
  options: { reason?: string; now?: Date } = {},
): Promise<EraseResult> {
  const now = options.now ?? new Date();
  const files: string[] = [];
  const result = await db.transaction(async (tx): Promise<EraseResult> => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
    if (!customer) return { ok: false, reason: "not-found" };
    if (customer.erasedAt) return { ok: false, reason: "already-erased" };

    // Requests linked to the record, and any with its mobile that were never linked (made before linking ran).
    const requests = await tx
      .select({ id: serviceRequests.id, reference: serviceRequests.reference, email: serviceRequests.email, contactName: serviceRequests.contactName })
      .from(serviceRequests)
      .where(or(eq(serviceRequests.customerId, customerId), customer.mobile ? eq(serviceRequests.mobile, customer.mobile) : undefined));
    const requestIds = requests.map((r) => r.id);
    const emails = [...new Set([customer.email, ...requests.map((r) => r.email)].filter((e): e is string => Boolean(e)))];

    let photoCount = 0;
    if (requestIds.length) {
      await tx
        .update(serviceRequests)
        .set({ contactName: ERASED_CONTACT, mobile: ERASED_MOBILE, email: null, company: null, siteAddress: null, customerId, updatedAt: now })
        .where(inArray(serviceRequests.id, requestIds));
      const photos = await tx.delete(requestPhotos).where(inArray(requestPhotos.requestId, requestIds)).returning({ path: requestPhotos.path });
      photoCount = photos.length;
      files.push(...photos.map((p) => p.path));
      const signed = await tx
        .select({ path: jobSignoffs.signaturePath })
        .from(jobSignoffs)
        .where(and(inArray(jobSignoffs.requestId, requestIds), isNotNull(jobSignoffs.signaturePath)));
      files.push(...signed.map((s) => s.path!));
      await tx.update(jobSignoffs).set({ signerName: ERASED_CONTACT, confirmedMobile: null, signaturePath: null }).where(inArray(jobSignoffs.requestId, requestIds));
    }

    // What the trash holds of them (their requests waiting there, whole): gone for good with the erasure (ADR 046).
    files.push(...(await forgetInTrash(tx, customerId, [customer.mobile])));

    await tx.update(customerSites).set({ address: null, pincode: null }).where(eq(customerSites.customerId, customerId));

    // Messages to them: what was sent is blanked, and what is still waiting is never sent.
    const recipients = [customer.mobile, ...emails].filter((r): r is string => Boolean(r));
    if (recipients.length) {
      const blanked = await tx
        .update(outbox)
        .set({
          recipient: "erased",
          subject: null,
          body: "[erased]",
          variables: {},
          status: sql`case when ${outbox.status} = 'sent' then 'sent' else 'failed' end`,
          lastError: sql`case when ${outbox.status} = 'sent' then ${outbox.lastError} else 'Not sent: the customer was erased' end`,
        })
        .where(and(inArray(outbox.recipient, recipients), sql`${outbox.channel} <> 'job'`))
        .returning({ id: outbox.id });
      // The SMS and e-mail logs' copy of the number and subject, and their counts (ADR 035).
      await refreshMessageLog(
        tx,
        blanked.map((m) => m.id),
      );
    }
    if (customer.mobile) await tx.delete(otpChallenges).where(eq(otpChallenges.mobile, customer.mobile));
    // Their conversations (issue 12: WhatsApp, SMS replies, calls, notes): the words and the number go, and a
    // WhatsApp message still queued is never sent (its job finds no number).
    await tx
      .update(conversationMessages)
      .set({
        body: "[erased]",
        subject: null,
        mobile: null,
        meta: {},
        customerId,
        status: sql`case when ${conversationMessages.status} = 'queued' then 'failed' else ${conversationMessages.status} end`,
      })
      .where(or(eq(conversationMessages.customerId, customerId), customer.mobile ? eq(conversationMessages.mobile, customer.mobile) : undefined));

    // The portal account: a customer-only account is emptied and signed out; someone who is also staff or a
    // technician keeps that account and only loses the customer role.
    if (customer.userId !== null) {
      const [user] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, customer.userId));
      if (user) {
        const others = user.roles.filter((r) => r !== "customer");
        if (others.length === 0) {
          await tx.update(users).set({ mobile: null, name: null, email: null, emailVerified: false, roles: [] }).where(eq(users.id, customer.userId));
          await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, customer.userId), sql`${sessions.revokedAt} is null`));
        } else {
          await tx.update(users).set({ roles: others }).where(eq(users.id, customer.userId));
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, customer.userId), eq(sessions.role, "customer"), sql`${sessions.revokedAt} is null`));
        }
      }
    }

    await tx
      .update(customerDataRequests)
      .set({ status: "done", resolution: "Your personal data has been erased.", resolvedAt: now, resolvedBy: actor.userId })
      .where(and(eq(customerDataRequests.customerId, customerId), eq(customerDataRequests.kind, "erasure"), eq(customerDataRequests.status, "open")));
    // What they wrote in their data requests may repeat their details: the requests stay, their text goes.
    await tx.update(customerDataRequests).set({ detail: null }).where(and(eq(customerDataRequests.customerId, customerId), isNotNull(customerDataRequests.detail)));

    await tx
      .update(customers)
      .set({ name: ERASED_NAME, mobile: null, email: null, company: null, gstin: null, billingAddress: null, billingCity: null, billingPincode: null, notes: null, userId: null, erasedAt: now, updatedAt: now, version: customer.version + 1 })
      .where(eq(customers.id, customerId));

    // Earlier audit entries about this customer keep who did what and when; the values they recorded (names,
    // numbers, addresses typed into the record) are personal data, and go.
    await tx
      .update(auditLog)
      .set({ before: null, after: { erased: true } })
      .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(customerId))));

    // Issue 11: invoices and credit notes are tax records (CGST Act s.36: kept for 72 months after the year's
    // return). They stay as issued, with the billing name, GSTIN and address printed on them; the mobile
    // number and e-mail are not required there, and go (issue 17 §1). Quotes are not tax records: the party
    // quoted loses every personal detail, and so do the answers given through a quote's link.
    await tx
      .update(invoices)
      .set({ recipient: sql`${invoices.recipient} - 'mobile' - 'email'` })
      .where(eq(invoices.customerId, customerId));
    const quoteIds = (await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.customerId, customerId))).map((q) => q.id);
    if (quoteIds.length) {
      await tx
        .update(quoteVersions)
        .set({
          recipient: sql`${quoteVersions.recipient} - 'mobile' - 'email' - 'gstin' - 'address' || jsonb_build_object('name', ${ERASED_NAME}::text)`,
        })
        .where(inArray(quoteVersions.quoteId, quoteIds));
      await tx.update(quoteResponses).set({ respondentName: ERASED_CONTACT, respondentMobile: null }).where(inArray(quoteResponses.quoteId, quoteIds));
    }
    // A rating stays (it is about the work) but never under their name: the consent to publish it goes, and a
    // published one leaves /reviews (issue 17 §1).
    await tx
      .update(feedback)
      .set({
        displayName: null,
        publishConsent: false,
        consentAt: null,
        publishStatus: sql`case when ${feedback.publishStatus} = 'published' then 'hidden' else ${feedback.publishStatus} end`,
      })
      .where(eq(feedback.customerId, customerId));
    // Help-desk tickets: the contact's details go, the thread's history stays.
    await tx
      .update(tickets)
      .set({ contactName: ERASED_CONTACT, contactMobile: null, contactEmail: null })
      .where(or(eq(tickets.customerId, customerId), customer.mobile ? eq(tickets.contactMobile, customer.mobile) : undefined));

    // Their name, number, e-mail and GSTIN quoted in text written about them for others: the staff's
    // notifications and live events, the office's alerts in the outbox, and earlier audit values. Their
    // identifiers go wherever they appear; their name only from texts about their own records: another
    // customer of the same name keeps theirs (issue 17).
    const { names, identifiers } = personalStrings(customer, requests);
    await scrubText(tx, names, identifiers, await ownRecords(tx, customer, requests, identifiers));
    // The stored thread list (ADR 033): their thread's line and search text, and a thread still kept under
    // their number, are worked out again from what is left.
    await refreshThreads(tx, { customerIds: [customerId], addresses: [customer.mobile, ...emails] });

    await audit(
      tx,
      actor,
      {
        action: "customer.erase",
        entityType: "customer",
        entityId: customer.id,
        entityLabel: customer.reference,
        before: null,
        after: { erasedAt: now.toISOString(), requests: requestIds.length, photos: photoCount, reason: options.reason ?? null },
      },
      now,
    );
    return { ok: true, requests: requestIds.length, photos: photoCount };
  });
  if (result.ok && files.length) {
    afterCommit(() => void Promise.all(files.map((f) => deleteStored(f).catch(() => undefined))));
  }
  return result;
}
