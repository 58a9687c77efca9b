import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { customerDataRequests, customers, customerSites, equipmentUnits, serviceRequests, users } from "~/.server/db/schema.ts";
import { unitDescription, type UnitDescription } from "~/.server/customers/units.ts";
import { DATA_REQUEST_KINDS } from "~/lib/forms/admin/customers.ts";
import { CLOSED_STATUSES, officeStatusLabel, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * One customer as the office reads it (/admin/customers/{reference}): details, sites with the units at each,
 * every request newest first, the consent log and the data requests. View-ready: dates are ISO strings for
 * the page to show in India time, labels resolved.
 */

export interface RecordUnit extends UnitDescription {
  id: number;
  siteId: number | null;
}

export interface RecordSite {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  pincode: string | null;
  /** GST state code: the place of supply for a customer without a GSTIN. */
  stateCode: string | null;
  units: RecordUnit[];
  requests: number;
}

export interface ConsentEntry {
  at: string;
  what: string;
  detail: string;
  reference?: string;
}

/** Who a customer is: what the office's list and the customer's record both show first. */
export interface CustomerIdentity {
  id: number;
  reference: string;
  name: string;
  company: string | null;
  mobile: string | null;
  email: string | null;
  gstin: string | null;
}

export function customerIdentity(c: CustomerIdentity): CustomerIdentity {
  return { id: c.id, reference: c.reference, name: c.name, company: c.company, mobile: c.mobile, email: c.email, gstin: c.gstin };
}

/**
 * The customer a quote or an invoice is made out to: for a customer source (?customer=CU-...), the customer
 * with that reference; for any other source (a request, a quote, a bench job), the customer it names.
 */
export async function customerOfSource(db: Pick<Database | Transaction, "select">, source: { kind: string; reference: string }, customerId: number | null) {
  if (source.kind !== "customer" && customerId === null) return undefined;
  const [customer] = await db
    .select()
    .from(customers)
    .where(source.kind === "customer" ? eq(customers.reference, source.reference) : eq(customers.id, customerId!));
  return customer;
}

export interface CustomerRecord {
  customer: CustomerIdentity & {
    /** The GSTIN's address, printed on tax invoices instead of the site's. */
    billingAddress: string | null;
    billingCity: string | null;
    billingPincode: string | null;
    notes: string | null;
    version: number;
    createdAt: string;
    updatedAt: string;
    erasedAt: string | null;
    /** The portal account's last sign-in, when the customer has signed in. */
    account: { lastSignInAt: string | null } | null;
  };
  sites: RecordSite[];
  /** Units not placed at any site (brought to the workshop, or the site not known). */
  unplacedUnits: RecordUnit[];
  requests: Array<{
    reference: string;
    receivedAt: string;
    status: string;
    statusLabel: string;
    open: boolean;
    service: string | null;
    equipment: string | null;
    city: string | null;
    site: string | null;
  }>;
  consentLog: ConsentEntry[];
  dataRequests: Array<{
    id: number;
    kind: string;
    kindLabel: string;
    detail: string | null;
    status: "open" | "done" | "declined";
    resolution: string | null;
    askedAt: string;
    resolvedAt: string | null;
  }>;
}

const kindLabel = (kind: string) => DATA_REQUEST_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** The record of the customer with this reference, or undefined. */
export async function customerRecord(reference: string): Promise<CustomerRecord | undefined> {
  const db = getDb();
  const [row] = await db
    .select({ customer: customers, lastSignInAt: users.lastSignInAt, userId: users.id })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.userId))
    // A customer in the trash (ADR 046) has no page until restored.
    .where(and(eq(customers.reference, reference), isNull(customers.deletedAt)));
  if (!row) return undefined;
  const c = row.customer;
  const [sites, units, requests, dataRequests] = await Promise.all([
    db.select().from(customerSites).where(eq(customerSites.customerId, c.id)).orderBy(asc(customerSites.id)),
    db.select().from(equipmentUnits).where(eq(equipmentUnits.customerId, c.id)).orderBy(asc(equipmentUnits.id)),
    db
      .select({
        reference: serviceRequests.reference,
        createdAt: serviceRequests.createdAt,
        status: serviceRequests.status,
        serviceName: serviceRequests.serviceName,
        serviceSlug: serviceRequests.serviceSlug,
        equipmentBrand: serviceRequests.equipmentBrand,
        equipmentModel: serviceRequests.equipmentModel,
        city: serviceRequests.city,
        siteId: serviceRequests.siteId,
        consentVersion: serviceRequests.consentVersion,
        consentAt: serviceRequests.consentAt,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, c.id))
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id)),
    db.select().from(customerDataRequests).where(eq(customerDataRequests.customerId, c.id)).orderBy(desc(customerDataRequests.createdAt), desc(customerDataRequests.id)),
  ]);
  const unit = (u: (typeof units)[number]): RecordUnit => ({
    id: u.id,
    siteId: u.siteId,
    ...unitDescription(u),
  });
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  const consentLog: ConsentEntry[] = [
    ...requests.map((r) => ({
      at: r.consentAt.toISOString(),
      what: "Agreed to the privacy notice",
      detail: `Version ${r.consentVersion}, with service request ${r.reference}`,
      reference: r.reference,
    })),
    ...dataRequests.flatMap((d) => {
      const asked: ConsentEntry = { at: d.createdAt.toISOString(), what: `Asked for ${kindLabel(d.kind).toLowerCase()}`, detail: d.status === "open" ? "Open" : "" };
      if (!d.resolvedAt) return [asked];
      return [asked, { at: d.resolvedAt.toISOString(), what: `${kindLabel(d.kind)}: ${d.status === "done" ? "done" : "declined"}`, detail: d.resolution ?? "" }];
    }),
  ];
  if (c.erasedAt) consentLog.push({ at: c.erasedAt.toISOString(), what: "Personal data erased", detail: "Requests kept without personal details" });
  consentLog.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    customer: {
      ...customerIdentity(c),
      billingAddress: c.billingAddress,
      billingCity: c.billingCity,
      billingPincode: c.billingPincode,
      notes: c.notes,
      version: c.version,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      erasedAt: c.erasedAt?.toISOString() ?? null,
      account: row.userId ? { lastSignInAt: row.lastSignInAt?.toISOString() ?? null } : null,
    },
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address,
      city: s.city,
      pincode: s.pincode,
      stateCode: s.stateCode,
      units: units.filter((u) => u.siteId === s.id).map(unit),
      requests: requests.filter((r) => r.siteId === s.id).length,
    })),
    unplacedUnits: units.filter((u) => u.siteId === null).map(unit),
    requests: requests.map((r) => ({
      reference: r.reference,
      receivedAt: r.createdAt.toISOString(),
      status: r.status,
      statusLabel: officeStatusLabel(r.status),
      open: !CLOSED_STATUSES.includes(r.status as RequestStatus),
      service: r.serviceName ?? r.serviceSlug,
      equipment: [r.equipmentBrand, r.equipmentModel].filter(Boolean).join(" ") || null,
      city: r.city,
      site: r.siteId ? (siteName.get(r.siteId) ?? null) : null,
    })),
    consentLog,
    dataRequests: dataRequests.map((d) => ({
      id: d.id,
      kind: d.kind,
      kindLabel: kindLabel(d.kind),
      detail: d.detail,
      status: d.status,
      resolution: d.resolution,
      askedAt: d.createdAt.toISOString(),
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
    })),
  };
}

/** The customer's id and reference by mobile number: what "this mobile is already a customer" links to. */
export async function customerByMobile(mobile: string): Promise<{ id: number; reference: string; name: string } | undefined> {
  const [row] = await getDb().select({ id: customers.id, reference: customers.reference, name: customers.name }).from(customers).where(eq(customers.mobile, mobile));
  return row;
}

/** The id of the customer with this reference (for the export route). */
export async function customerIdByReference(reference: string): Promise<{ id: number; reference: string; erased: boolean } | undefined> {
  const [row] = await getDb().select({ id: customers.id, reference: customers.reference, erasedAt: customers.erasedAt }).from(customers).where(and(eq(customers.reference, reference), isNull(customers.deletedAt)));
  return row ? { id: row.id, reference: row.reference, erased: row.erasedAt !== null } : undefined;
}
