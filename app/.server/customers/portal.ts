import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { customerDataRequests, customers, customerSites, equipmentUnits, serviceRequests } from "~/.server/db/schema.ts";
import { keyFor } from "~/.server/forms/index.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import { backOfficeUrl } from "~/.server/notifications/links.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { correctionDetail, type CorrectionInput, type ErasureInput } from "~/lib/forms/my-data.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { ensureCustomers } from "./link.ts";

/**
 * The customer portal's "My data" page (DPDP Act sections 11-13): what we hold about the signed-in
 * customer, their requests about it (a copy, a correction, an erasure) and the office's answers.
 *
 * A customer is found by the portal account linked to their record, else by the account's mobile number
 * (how records are keyed). Someone signed in without a record yet sees their account's details; their first
 * request about their data makes the record, from the account, the way a first service request would.
 * Nothing here is audited: the customer acts on their own data, and each request is its own row.
 */

/** The signed-in customer, as the session gives them. */
export interface PortalUser {
  id: number;
  name: string | null;
  mobile: string | null;
  email: string | null;
}

export type DataRequestKind = (typeof customerDataRequests.$inferSelect)["kind"];
export type DataRequestStatus = (typeof customerDataRequests.$inferSelect)["status"];

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  export: "Copy of your data",
  correction: "Correction",
  erasure: "Erasure",
};

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  open: "Open: the office is working on it",
  done: "Done",
  declined: "Declined",
};

/** Export formats: the page's two download buttons. */
export const EXPORT_FORMATS = ["json", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type Executor = Pick<Transaction, "select">;

/** The customer's live record: the one linked to the account, else the one with the account's mobile. */
async function findCustomer(db: Executor, user: PortalUser, lock = false) {
  const byUser = db.select().from(customers).where(and(eq(customers.userId, user.id), isNull(customers.erasedAt)));
  const [linked] = lock ? await byUser.for("update") : await byUser;
  if (linked) return linked;
  if (!user.mobile) return undefined;
  // By mobile only a record no other account has claimed: a number can change hands.
  const byMobile = db
    .select()
    .from(customers)
    .where(and(eq(customers.mobile, user.mobile), isNull(customers.erasedAt), or(isNull(customers.userId), eq(customers.userId, user.id))));
  const [found] = lock ? await byMobile.for("update") : await byMobile;
  return found;
}

/** The customer's record id, or undefined when they have none yet. */
export async function customerIdOf(user: PortalUser): Promise<number | undefined> {
  return (await findCustomer(getDb(), user))?.id;
}

/** Everything the page shows, view-ready (dates as ISO strings, labels resolved). */
export async function myDataPage(user: PortalUser) {
  const db = getDb();
  const customer = await findCustomer(db, user);
  const account = { name: user.name, mobile: user.mobile, email: user.email };
  if (!customer) {
    return { account, customer: null, sites: [], units: [], requestCount: 0, consents: [], dataRequests: [], open: { correction: null, erasure: null } };
  }
  const [sites, units, consents, dataRequests] = await Promise.all([
    db
      .select({ id: customerSites.id, name: customerSites.name, address: customerSites.address, city: customerSites.city, pincode: customerSites.pincode })
      .from(customerSites)
      .where(eq(customerSites.customerId, customer.id))
      .orderBy(asc(customerSites.name), asc(customerSites.id)),
    db
      .select({
        id: equipmentUnits.id,
        kind: equipmentUnits.kind,
        make: equipmentUnits.make,
        model: equipmentUnits.model,
        rating: equipmentUnits.rating,
        serialNumber: equipmentUnits.serialNumber,
        location: equipmentUnits.location,
        site: customerSites.name,
      })
      .from(equipmentUnits)
      .leftJoin(customerSites, eq(customerSites.id, equipmentUnits.siteId))
      .where(eq(equipmentUnits.customerId, customer.id))
      .orderBy(asc(equipmentUnits.make), asc(equipmentUnits.id)),
    // The consent given with each request: the privacy notice's version and when it was given.
    db
      .select({ reference: serviceRequests.reference, version: serviceRequests.consentVersion, at: serviceRequests.consentAt })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, customer.id))
      .orderBy(desc(serviceRequests.consentAt), desc(serviceRequests.id)),
    db
      .select()
      .from(customerDataRequests)
      .where(eq(customerDataRequests.customerId, customer.id))
      .orderBy(desc(customerDataRequests.createdAt), desc(customerDataRequests.id)),
  ]);
  const requests = dataRequests.map((r) => ({
    id: r.id,
    kind: r.kind,
    kindLabel: DATA_REQUEST_KIND_LABELS[r.kind],
    detail: r.detail,
    status: r.status,
    statusLabel: DATA_REQUEST_STATUS_LABELS[r.status],
    resolution: r.resolution,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
  const openOf = (kind: DataRequestKind) => {
    const open = requests.find((r) => r.kind === kind && r.status === "open");
    return open ? { id: open.id, createdAt: open.createdAt } : null;
  };
  return {
    account,
    customer: { reference: customer.reference, name: customer.name, mobile: customer.mobile, email: customer.email, company: customer.company, gstin: customer.gstin },
    sites,
    units,
    requestCount: consents.length,
    consents: consents.map((c) => ({ reference: c.reference, version: c.version, at: c.at.toISOString() })),
    dataRequests: requests,
    open: { correction: openOf("correction"), erasure: openOf("erasure") },
  };
}

export type MyDataPage = Awaited<ReturnType<typeof myDataPage>>;

/** What a request from the page came to: stored (or found stored: a repeat), or refused with a message for a field. */
export type DataRequestResult =
  | { ok: true; id: number; replay: boolean }
  | { ok: false; field: string; message: string };

/**
 * The customer's record, locked for this transaction (so two requests of one customer are taken one after
 * the other), made from the account when there is none yet. An account without a mobile number (signed in
 * through the identity provider only) cannot have a record (records are keyed by mobile), nor can one whose
 * number's record another account has claimed.
 */
async function lockedCustomer(tx: Transaction, user: PortalUser) {
  let customer = await findCustomer(tx, user, true);
  if (!customer) {
    if (!user.mobile) return undefined;
    await ensureCustomers(tx, [{ mobile: user.mobile, name: user.name?.trim() || "Name not given", email: user.email }]);
    customer = await findCustomer(tx, user, true);
    if (!customer) return undefined;
  }
  // The record now belongs to this account: later pages find it even if the account's number changes.
  if (customer.userId === null) {
    await tx.update(customers).set({ userId: user.id }).where(and(eq(customers.id, customer.id), isNull(customers.userId)));
  }
  return customer;
}

const NO_RECORD =
  "We could not match this account to a customer record, so this request cannot be sent from here. Please write to the grievance contact below, and we will act on it.";

/** A form's key, scoped to the customer: a key sent by someone else can never find or block their request. */
function scopedKey(customerId: number, kind: DataRequestKind, given: string | undefined, detail: string): string {
  return `my-data:${customerId}:${kind}:${keyFor(`my-data-${kind}`, given, { customerId, detail })}`;
}

async function createDataRequest(
  user: PortalUser,
  kind: "correction" | "erasure",
  detail: string | null,
  idempotencyKey: string | undefined,
): Promise<DataRequestResult> {
  const site = await getSiteSettings();
  return getDb().transaction(async (tx): Promise<DataRequestResult> => {
    const customer = await lockedCustomer(tx, user);
    if (!customer) return { ok: false, field: "form", message: NO_RECORD };
    const key = scopedKey(customer.id, kind, idempotencyKey, detail ?? "");
    const [stored] = await tx
      .select({ id: customerDataRequests.id })
      .from(customerDataRequests)
      .where(and(eq(customerDataRequests.idempotencyKey, key), eq(customerDataRequests.customerId, customer.id)));
    if (stored) return { ok: true, id: stored.id, replay: true };

    // One open request of a kind at a time: a second would only say the same thing again.
    const [open] = await tx
      .select({ createdAt: customerDataRequests.createdAt })
      .from(customerDataRequests)
      .where(and(eq(customerDataRequests.customerId, customer.id), eq(customerDataRequests.kind, kind), eq(customerDataRequests.status, "open")))
      .limit(1);
    if (open) {
      return {
        ok: false,
        field: "form",
        message: `You already have an open ${kind} request, sent ${formatDateTime(open.createdAt)}: it is listed under "Your requests about your data". The office answers it before a new one can be sent; to add to it, call or write to us.`,
      };
    }

    const [row] = await tx
      .insert(customerDataRequests)
      .values({ customerId: customer.id, kind, detail, status: "open", idempotencyKey: key })
      .onConflictDoNothing({ target: customerDataRequests.idempotencyKey })
      .returning({ id: customerDataRequests.id, createdAt: customerDataRequests.createdAt });
    if (!row) return { ok: true, id: 0, replay: true };
    await queueMessages(tx, dataRequestNotifications({ id: row.id, kind, detail, customer, createdAt: row.createdAt }, site));
    return { ok: true, id: row.id, replay: false };
  });
}

/** A correction request: what is wrong and what it should be, for the office to change. */
export function requestCorrection(user: PortalUser, input: CorrectionInput): Promise<DataRequestResult> {
  return createDataRequest(user, "correction", correctionDetail(input), input.idempotencyKey);
}

/** An erasure request (which also withdraws the consent given with the customer's requests). */
export function requestErasure(user: PortalUser, input: ErasureInput): Promise<DataRequestResult> {
  return createDataRequest(user, "erasure", input.reason ?? null, input.idempotencyKey);
}

/**
 * A download of the customer's data, logged as an export request that is done at once. One row per format
 * and day (India's): downloading again the same day is the same request, not a new line in their list.
 * Returns the customer's record id for the export, or undefined when there can be no record (see NO_RECORD).
 */
export async function logExport(user: PortalUser, format: ExportFormat, now = new Date()): Promise<number | undefined> {
  return getDb().transaction(async (tx) => {
    const customer = await lockedCustomer(tx, user);
    if (!customer) return undefined;
    const day = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    await tx
      .insert(customerDataRequests)
      .values({
        customerId: customer.id,
        kind: "export",
        detail: `Downloaded from My data as ${format.toUpperCase()}.`,
        status: "done",
        resolution: "Served at once as a download.",
        resolvedAt: now,
        idempotencyKey: `my-data:${customer.id}:export:${format}:${day}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: customerDataRequests.idempotencyKey });
    return customer.id;
  });
}

export interface DataRequestNotice {
  id: number;
  kind: "correction" | "erasure";
  detail: string | null;
  customer: { reference: string; name: string; mobile: string | null; email: string | null; company: string | null };
  createdAt: Date;
}

/**
 * The office's e-mail for a correction or erasure request from the portal (to the support address, which
 * the privacy notice names as the grievance contact): who asked, what, and where to act on it.
 */
export function dataRequestNotifications(notice: DataRequestNotice, site: SiteSettings): OutboxMessage[] {
  const { customer } = notice;
  const what = notice.kind === "correction" ? "correction" : "erasure";
  const lines = [
    `${customer.name} asked for the ${what} of their personal data from the customer portal (My data).`,
    "",
    `Customer:  ${customer.name} (${customer.reference})`,
    `Mobile:    ${customer.mobile ? formatIndianPhone(customer.mobile) : "not given"}`,
    `E-mail:    ${customer.email ?? "not given"}`,
    `Company:   ${customer.company ?? "not given"}`,
    `Sent:      ${formatDateTime(notice.createdAt)}`,
    "",
  ];
  if (notice.kind === "correction") {
    lines.push(notice.detail ?? "");
  } else {
    lines.push(
      "Reason given:",
      notice.detail?.trim() || "(none)",
      "",
      "Erase the personal details and anonymise the requests; keep the tax records (invoices) for the period the law requires. This request also withdraws the consent given with their requests.",
    );
  }
  lines.push(
    "",
    `Act on it and write the answer on the customer's record: ${backOfficeUrl(`/admin/customers/${customer.reference}`, site.identity.siteUrl)}`,
    "The customer reads the answer on their My data page. The DPDP Rules allow at most 90 days; we promise to answer within 30.",
  );
  return [
    {
      channel: "email",
      recipient: site.identity.supportEmail,
      subject: `Data protection: ${what} request from ${customer.name} (${customer.reference})`.slice(0, 160),
      body: lines.join("\n"),
      template: `customer-data-${notice.kind}`,
      variables: { reference: customer.reference },
      dedupeKey: `customer-data-request:${notice.id}:office-email`,
    },
  ];
}
