import { and, asc, eq } from "drizzle-orm";
import { findEntry } from "~/.server/content/index.ts";
import { customerOfSource } from "~/.server/customers/record.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { benchJobs, customerSites, equipmentUnits, products, serviceRequests } from "~/.server/db/schema.ts";
import type { PickerProduct } from "~/lib/money/line-rows.ts";
import type { QuoteSource } from "~/lib/forms/admin/quotes.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { REPAIR_SERVICES_GST_RATE } from "~/lib/money/gst.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import type { Customer, Site } from "./shared.ts";

/**
 * Where a new quote comes from, and what it starts with: a service request (?request=SR-...), a bench unit's
 * diagnosis (?bench=JC-...: a repair line priced at the workshop's estimate) or a customer (?customer=CU-...).
 * The quote belongs to the request's customer and site; the service's category gives the reference band.
 */

/** SAC 998717: maintenance and repair of commercial and industrial machinery (drives, PLCs, panels). */
export const REPAIR_SAC = "998717";

type Executor = Pick<Database | Transaction, "select">;

export interface SourceInfo {
  source: QuoteSource;
  customer: Customer;
  sites: Site[];
  /** The site the work is at, when the source says. */
  siteId: number | null;
  requestId: number | null;
  requestReference: string | null;
  benchJobId: number | null;
  serviceSlug: string | null;
  /** The fault code the request names, as the customer read it off the keypad (the quote looks it up). */
  faultCode: string | null;
  title: string;
  lines: DocumentLine[];
}

export type SourceResult = { ok: true; info: SourceInfo } | { ok: false; reason: "not-found" } | { ok: false; reason: "no-customer"; message: string };

const oneLine = (s: string, max: number) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export async function loadSource(db: Executor, source: QuoteSource): Promise<SourceResult> {
  let customerId: number | null;
  let siteId: number | null = null;
  let requestId: number | null = null;
  let requestReference: string | null = null;
  let benchJobId: number | null = null;
  let serviceSlug: string | null = null;
  let faultCode: string | null = null;
  let title = "";
  const lines: DocumentLine[] = [];

  if (source.kind === "request") {
    const [r] = await db.select().from(serviceRequests).where(eq(serviceRequests.reference, source.reference));
    if (!r) return { ok: false, reason: "not-found" };
    if (r.customerId === null) return { ok: false, reason: "no-customer", message: `Request ${r.reference} is not linked to a customer record yet: link it on the request's page first.` };
    ({ customerId, siteId } = r);
    requestId = r.id;
    requestReference = r.reference;
    serviceSlug = r.serviceSlug;
    faultCode = r.faultCode;
    const equipment = [r.equipmentBrand, r.equipmentModel, r.equipmentRating].filter(Boolean).join(" ");
    title = oneLine(`${r.serviceName ?? "Service"}${equipment ? `: ${equipment}` : ""}`, 160);
    lines.push({
      kind: "service",
      productId: null,
      description: oneLine(`${r.serviceName ?? "Service visit"}${equipment ? ` for ${equipment}` : ""} (request ${r.reference})`, 500),
      hsnSac: REPAIR_SAC,
      quantityMilli: 1000,
      unit: "job",
      ratePaise: 0,
      discountPaise: 0,
      gstRate: REPAIR_SERVICES_GST_RATE,
    });
  } else if (source.kind === "bench") {
    const [row] = await db
      .select({ job: benchJobs, request: serviceRequests, unit: equipmentUnits })
      .from(benchJobs)
      .innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId))
      .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
      .where(eq(benchJobs.jobCard, source.reference));
    if (!row) return { ok: false, reason: "not-found" };
    const { job, request, unit } = row;
    customerId = request.customerId ?? unit.customerId;
    siteId = request.siteId ?? unit.siteId;
    requestId = request.id;
    requestReference = request.reference;
    benchJobId = job.id;
    serviceSlug = request.serviceSlug;
    faultCode = request.faultCode;
    const unitText = [unit.make, unit.model, unit.rating].filter(Boolean).join(" ");
    title = oneLine(`Repair of ${unitText}`, 160);
    lines.push({
      kind: "service",
      productId: null,
      description: oneLine(`Bench repair of ${unitText}${unit.serialNumber ? `, serial ${unit.serialNumber}` : ""} (job card ${job.jobCard})${job.diagnosis ? `: ${job.diagnosis}` : ""}`, 500),
      hsnSac: REPAIR_SAC,
      quantityMilli: 1000,
      unit: "job",
      ratePaise: job.estimatePaise ?? 0,
      discountPaise: 0,
      gstRate: REPAIR_SERVICES_GST_RATE,
    });
  }

  const customer = await customerOfSource(db, source, source.kind === "customer" ? null : customerId!);
  if (!customer) return { ok: false, reason: "not-found" };
  if (customer.erasedAt) return { ok: false, reason: "no-customer", message: `Customer ${customer.reference} has been erased: a quote cannot be made for them.` };
  const sites = await db.select().from(customerSites).where(eq(customerSites.customerId, customer.id)).orderBy(asc(customerSites.name), asc(customerSites.id));
  if (siteId === null && sites.length === 1) siteId = sites[0]!.id;
  if (!title) title = oneLine(`Quotation for ${customer.company ?? customer.name}`, 160);
  return { ok: true, info: { source, customer, sites, siteId, requestId, requestReference, benchJobId, serviceSlug, faultCode, title, lines } };
}

export type ReferenceBand = { category: string; minPaise: number; maxPaise: number; from: "service" | "category" };

/**
 * The reference band for the office: the service's own indicative band (/admin/services), else the spec's
 * indicative charges for its category (the settings).
 */
export async function referenceBand(serviceSlug: string | null, site: Pick<SiteSettings, "charges">): Promise<ReferenceBand | null> {
  if (!serviceSlug) return null;
  const service = await findEntry("service", serviceSlug);
  if (!service) return null;
  if (service.data.band) return { category: service.title, ...service.data.band, from: "service" };
  const band = site.charges.find((c) => c.category === service.data.category);
  return band ? { category: band.category, minPaise: band.minRupees * 100, maxPaise: band.maxRupees * 100, from: "category" } : null;
}

/** The active products, as the line picker offers them (name order). */
export async function pickerProducts(db: Executor): Promise<PickerProduct[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, make: products.make, model: products.model, hsnSac: products.hsnSac, gstRate: products.gstRate, unit: products.unit, pricePaise: products.pricePaise })
    .from(products)
    .where(and(eq(products.active, true)))
    .orderBy(asc(products.make), asc(products.model), asc(products.name));
  return rows.map((r) => ({ id: r.id, label: productLabel(r), hsnSac: r.hsnSac, gstRate: r.gstRate, unit: r.unit, pricePaise: r.pricePaise }));
}
