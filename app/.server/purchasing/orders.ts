import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { refusedBy, Refusal, type ChangeResult } from "~/.server/admin/changes.ts";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { nextReference, isUniqueViolation } from "~/.server/db/references.ts";
import { partsRequests, products, purchaseOrderLines, purchaseOrders, serviceRequests, vendorBills, vendorParts, vendors, whatsappTemplates } from "~/.server/db/schema.ts";
import { supplierFromSettings } from "~/.server/documents/supplier.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import { normaliseMobile } from "~/.server/communications/index.ts";
import { placeholderCount, sendWhatsApp, windowFor, WhatsAppRefusal } from "~/.server/whatsapp/index.ts";
import { moveStock } from "~/.server/stock/ledger.ts";
import { outstanding, settleReady } from "~/.server/stock/parts-requests.ts";
import { whatsappHref } from "~/lib/contact-links.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { parsePrice, STALE_PURCHASE_ORDER_MESSAGE, type PurchaseOrderFilter } from "~/lib/forms/admin/stock.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { partQuantity } from "~/lib/forms/technician-job.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { TaxDocumentView } from "~/lib/money/document.ts";
import { invoiceTotals, type GstRate, type LineInput } from "~/lib/money/gst.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";
import { billFigures, duplicateBillMessage } from "~/.server/vendors/bills.ts";
import type { BillInput } from "~/lib/forms/admin/vendors.ts";

/**
 * Purchase orders (issue 19 §5, ADR 045): the office turns open parts requests into an order to a vendor, at the
 * vendor's prices (their parts list; a price typed for a part they do not list), numbered PO-YYMM-NNNN without
 * gaps (reference_counters, held until the order commits; unique index purchase_orders_number), as a PDF drawn
 * by the money documents' kit, sent by e-mail (the outbox) or WhatsApp (click to chat from the office's phone).
 * Receiving it, in full or in part, adds the stock (ledger rows "received"), reserves it for the jobs waiting for
 * it, and tells the office when a job has every part it waits for (~/.server/stock/parts-requests.ts).
 */

export type OrderResult = ChangeResult<{ number?: string; href?: string }>;

const GENERIC_GST: GstRate = 18;

function refused(error: unknown): OrderResult {
  const r = refusedBy(error);
  if (r) return r;
  throw error;
}

/** Vendors an order can go to (not archived), by name. */
export async function vendorChoices() {
  return getDb()
    .select({ id: vendors.id, name: vendors.name, city: vendors.city })
    .from(vendors)
    .where(isNull(vendors.archivedAt))
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id));
}

/** The vendor's prices for these products: product id -> price and part number. */
export async function vendorPriceList(vendorId: number, productIds: number[], db: Database | Transaction = getDb()) {
  if (!productIds.length) return new Map<number, { pricePaise: number; partNumber: string | null }>();
  const rows = await db
    .select({ productId: vendorParts.productId, pricePaise: vendorParts.pricePaise, partNumber: vendorParts.partNumber })
    .from(vendorParts)
    .where(and(eq(vendorParts.vendorId, vendorId), inArray(vendorParts.productId, productIds)));
  return new Map(rows.map((r) => [r.productId, { pricePaise: Number(r.pricePaise), partNumber: r.partNumber }]));
}

export interface NewOrderInput {
  vendor: number;
  requests: number[];
  notes?: string;
  /** Prices typed on the form, rupees, by parts request id. */
  prices: Record<number, string>;
}

/** One transaction: the requests locked, each still open and not on an order; the number taken last. */
export async function createPurchaseOrder(staff: StaffMember, input: NewOrderInput, now = new Date()): Promise<OrderResult> {
  const site = await getSiteSettings();
  const ourState = site.business.stateCode;
  try {
    return await getDb().transaction(async (tx): Promise<OrderResult> => {
      const [vendor] = await tx.select().from(vendors).where(and(eq(vendors.id, input.vendor), isNull(vendors.archivedAt)));
      if (!vendor) throw new Refusal("vendor", "Choose a vendor from the list (archived vendors take no new orders).");
      const ids = [...new Set(input.requests)];
      const rows = await tx
        .select({ pr: partsRequests, reference: serviceRequests.reference, product: products })
        .from(partsRequests)
        .innerJoin(serviceRequests, eq(serviceRequests.id, partsRequests.requestId))
        .leftJoin(products, eq(products.id, partsRequests.productId))
        .where(inArray(partsRequests.id, ids))
        .orderBy(asc(partsRequests.id))
        .for("update", { of: partsRequests });
      if (rows.length !== ids.length) throw new Refusal("requests", "A parts request ticked is no longer there: reload the page.");
      const onOrder = await tx
        .select({ id: purchaseOrderLines.partsRequestId, number: purchaseOrders.number })
        .from(purchaseOrderLines)
        .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
        .where(inArray(purchaseOrderLines.partsRequestId, ids));
      if (onOrder.length) throw new Refusal("requests", `Already on order ${onOrder[0]!.number}: this order was not placed twice.`);
      const prices = await vendorPriceList(vendor.id, rows.flatMap((r) => (r.pr.productId ? [r.pr.productId] : [])), tx);
      const lines = rows.map(({ pr, reference, product }) => {
        if (pr.cancelledAt || pr.readyAt) throw new Refusal("requests", `The parts request for ${reference} (${pr.description}) is ${pr.cancelledAt ? "cancelled" : "already ready"}: untick it.`);
        const quantity = outstanding(pr);
        if (quantity === 0) throw new Refusal("requests", `Nothing is left to order for ${reference} (${pr.description}): untick it.`);
        const listed = pr.productId ? prices.get(pr.productId) : undefined;
        const typed = input.prices[pr.id]?.trim();
        let unitPricePaise = listed?.pricePaise;
        if (typed) {
          const parsed = parsePrice(typed);
          if (!parsed.ok) throw new Refusal(`price-${pr.id}`, parsed.message);
          unitPricePaise = parsed.paise;
        }
        if (unitPricePaise === undefined) throw new Refusal(`price-${pr.id}`, `${vendor.name} has no price for this part in their parts list: enter the price.`);
        return {
          partsRequestId: pr.id,
          productId: pr.productId,
          description: product ? `${pr.description}` : pr.description,
          partNumber: listed?.partNumber ?? product?.model ?? null,
          hsnSac: product?.hsnSac ?? null,
          quantity,
          unit: pr.unit,
          unitPricePaise,
          gstRate: (product?.gstRate ?? GENERIC_GST) as GstRate,
        };
      });
      const totals = orderTotals(lines, vendor.stateCode ?? ourState, ourState, Boolean(vendor.gstin));
      // The number last: the counter's row is held only until this transaction commits (or rolls back and gives it back).
      const number = await nextReference(tx, "PO", now);
      const [order] = await tx
        .insert(purchaseOrders)
        .values({ number, vendorId: vendor.id, orderDate: todayInIndia(now), taxablePaise: totals.taxablePaise, gstPaise: totals.taxPaise, totalPaise: totals.payablePaise, notes: input.notes ?? null, createdBy: staff.userId, createdAt: now, updatedAt: now })
        .returning({ id: purchaseOrders.id });
      await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchaseOrderId: order!.id })));
      await audit(tx, auditActor(staff), { action: "purchase-order.add", entityType: "purchase-order", entityId: order!.id, entityLabel: number, after: { vendor: vendor.name, lines: lines.length, totalPaise: totals.payablePaise } }, now);
      return { ok: true, message: `Purchase order ${number} placed with ${vendor.name}: send it from its page.`, number };
    });
  } catch (error) {
    // The same requests ordered twice at once: the second finds the first's lines (purchase_order_lines_parts_request).
    if (isUniqueViolation(error)) return { ok: false, reason: "refused", field: "requests", message: "These parts requests were just put on another order: reload the page." };
    return refused(error);
  }
}

type LineShape = { description: string; hsnSac: string | null; quantity: number; unit: string; unitPricePaise: number; gstRate: number };

function lineInputs(lines: LineShape[], registered: boolean): LineInput[] {
  return lines.map((l) => ({ description: l.description, hsnSac: l.hsnSac ?? "", quantityMilli: l.quantity * 1000, unit: l.unit, ratePaise: l.unitPricePaise, discountPaise: 0, gstRate: (registered ? l.gstRate : 0) as GstRate }));
}

/** Taxed as the vendor will bill it: CGST + SGST from a vendor in our state, IGST from another; none from an unregistered one. */
function orderTotals(lines: LineShape[], vendorState: string, ourState: string, registered: boolean) {
  return invoiceTotals(lineInputs(lines, registered), { code: ourState, supplierStateCode: vendorState });
}

async function loadOrder(tx: Transaction, number: string) {
  const [row] = await tx.select({ order: purchaseOrders, vendor: vendors }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).where(eq(purchaseOrders.number, number)).for("update", { of: purchaseOrders });
  return row;
}

function orderText(number: string, vendorName: string, registered: boolean, lines: Array<LineShape & { partNumber: string | null }>, totalPaise: number, business: string, phone: string): string {
  return [
    `Dear ${vendorName},`,
    "",
    `Please supply the following against our purchase order ${number}:`,
    "",
    ...lines.map((l, i) => `${i + 1}. ${l.description}${l.partNumber ? ` (part no. ${l.partNumber})` : ""}: ${partQuantity(l.quantity, l.unit)} at ${formatPaise(l.unitPricePaise)} each${registered ? ` + GST ${l.gstRate}%` : ""}`),
    "",
    `Order total${registered ? " with GST" : ""}: ${formatPaise(totalPaise)}.`,
    "Please quote the order number on your bill and delivery challan.",
    "",
    "Regards,",
    business,
    phone,
  ].join("\n");
}

/**
 * The approved WhatsApp template a purchase order goes in when the vendor has not written to us in the last 24 hours
 * (Meta lets a business start a conversation only with a template). Its placeholders, in order: the vendor's name,
 * the order number, the order total, the business's name (a template may use the first few).
 */
export const PURCHASE_ORDER_TEMPLATE = "purchase_order";

/**
 * The order on WhatsApp through the API (ADR 060), when it is configured and the vendor's number is a mobile:
 * the order's text while the vendor's 24-hour window is open, else the approved purchase_order template. Queued
 * in the order's transaction on the one job queue and put on the number's thread, as the office's other WhatsApp
 * messages are. Undefined when it cannot go that way: the caller falls back to the wa.me link, and says why.
 */
async function orderOnWhatsApp(
  tx: Transaction,
  o: { phone: string; text: string; number: string; version: number; vendorName: string; totalPaise: number; business: string; staff: StaffMember },
  now: Date,
): Promise<{ sent: true; how: "text" | "template" } | { sent: false; reason: string }> {
  const mobile = normaliseMobile(o.phone);
  if (!mobile) return { sent: false, reason: "the vendor's number is not a mobile" };
  const common = { mobile, staffUserId: o.staff.userId, idempotencyKey: `purchase-order:${o.number}:whatsapp:${o.version}`, meta: { purchaseOrder: o.number } };
  try {
    if ((await windowFor(tx, mobile, now)).open) {
      await sendWhatsApp(tx, { ...common, text: o.text }, now);
      return { sent: true, how: "text" };
    }
    const [template] = await tx
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.name, PURCHASE_ORDER_TEMPLATE), eq(whatsappTemplates.status, "approved")))
      .orderBy(sql`${whatsappTemplates.language} <> 'en'`, asc(whatsappTemplates.language))
      .limit(1);
    const values = [o.vendorName, o.number, formatPaise(o.totalPaise), o.business];
    const needed = template ? placeholderCount(template.body) : 0;
    if (!template || needed > values.length) return { sent: false, reason: `no approved "${PURCHASE_ORDER_TEMPLATE}" template, and the vendor has not written in the last 24 hours` };
    await sendWhatsApp(tx, { ...common, template: { name: template.name, language: template.language, params: values.slice(0, needed) } }, now);
    return { sent: true, how: "template" };
  } catch (error) {
    if (error instanceof WhatsAppRefusal) return { sent: false, reason: error.message };
    throw error;
  }
}

/**
 * Sends the order: by e-mail through the outbox; on WhatsApp through the API when it is configured (queued on the
 * job queue, ADR 060), else (or when the API cannot take it) answers the wa.me link to open (click to chat).
 */
export async function sendPurchaseOrder(staff: StaffMember, number: string, input: { intent: "email" | "whatsapp"; version: number }, now = new Date()): Promise<OrderResult> {
  const site = await getSiteSettings();
  // Read before the transaction (the stored integrations are a settings read).
  const whatsappReady = input.intent === "whatsapp" && (await effectiveWhatsApp()).ready;
  try {
    return await getDb().transaction(async (tx): Promise<OrderResult> => {
      const row = await loadOrder(tx, number);
      if (!row) return { ok: false, reason: "not-found" };
      const { order, vendor } = row;
      if (order.version !== input.version) throw new Refusal("form", STALE_PURCHASE_ORDER_MESSAGE);
      if (order.status === "cancelled") throw new Refusal("form", "This order is cancelled.");
      const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, order.id)).orderBy(asc(purchaseOrderLines.id));
      const text = orderText(order.number, vendor.name, Boolean(vendor.gstin), lines.map((l) => ({ ...l, unitPricePaise: Number(l.unitPricePaise) })), Number(order.totalPaise), site.identity.legalName, site.identity.supportPhone);
      let href: string | undefined;
      let to: string;
      let by: { api: "text" | "template" } | { link: string } | undefined;
      if (input.intent === "email") {
        const email = vendor.contacts.find((c) => c.email)?.email;
        if (!email) throw new Refusal("form", `${vendor.name} has no e-mail address: add one to the vendor, or send it on WhatsApp.`);
        to = email;
        await queueMessages(tx, [
          { channel: "email", recipient: email, subject: `Purchase order ${order.number} from ${site.identity.legalName}`, body: text, template: "purchase-order", variables: { number: order.number }, dedupeKey: `purchase-order:${order.number}:email:${order.version}` },
        ]);
      } else {
        const phone = vendor.contacts.find((c) => c.phone)?.phone;
        if (!phone) throw new Refusal("form", `${vendor.name} has no phone number: add one to the vendor, or send it by e-mail.`);
        to = phone;
        const api = whatsappReady
          ? await orderOnWhatsApp(tx, { phone, text, number: order.number, version: order.version, vendorName: vendor.name, totalPaise: Number(order.totalPaise), business: site.identity.legalName, staff }, now)
          : ({ sent: false, reason: "the WhatsApp API is not configured" } as const);
        if (api.sent) by = { api: api.how };
        else {
          by = { link: api.reason };
          href = whatsappHref(phone, text);
        }
      }
      await tx.update(purchaseOrders).set({ sentAt: now, sentVia: input.intent, version: order.version + 1, updatedAt: now }).where(eq(purchaseOrders.id, order.id));
      await audit(tx, auditActor(staff), { action: "purchase-order.send", entityType: "purchase-order", entityId: order.id, entityLabel: order.number, after: { via: input.intent, to, ...by } }, now);
      const message =
        input.intent === "email"
          ? `Purchase order ${order.number} is on its way to ${to} by e-mail.`
          : href
            ? `Purchase order ${order.number} opened in WhatsApp for ${to}.`
            : `Purchase order ${order.number} is on its way to ${to} on WhatsApp.`;
      return { ok: true, message, href };
    });
  } catch (error) {
    return refused(error);
  }
}

/**
 * Receives what came, per line (`received` by line id): stock up, reserved for the waiting job's request, the
 * request ready when it has all it needs (the office is told), the order part received or received.
 */
export async function receivePurchaseOrder(staff: StaffMember, number: string, version: number, received: Record<number, number>, now = new Date()): Promise<OrderResult> {
  try {
    return await getDb().transaction(async (tx): Promise<OrderResult> => {
      const row = await loadOrder(tx, number);
      if (!row) return { ok: false, reason: "not-found" };
      const { order } = row;
      if (order.version !== version) throw new Refusal("form", STALE_PURCHASE_ORDER_MESSAGE);
      if (order.status === "cancelled") throw new Refusal("form", "This order is cancelled.");
      if (order.status === "received") throw new Refusal("form", "Everything on this order has been received.");
      const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, order.id)).orderBy(asc(purchaseOrderLines.id));
      let units = 0;
      const ready: string[] = [];
      for (const line of lines) {
        const q = received[line.id] ?? 0;
        if (q === 0) continue;
        const left = line.quantity - line.receivedQuantity;
        if (q > left) throw new Refusal(`received-${line.id}`, left === 0 ? "All of this line has been received." : `Only ${partQuantity(left, line.unit)} of this line are still to come.`);
        const [pr] = line.partsRequestId
          ? await tx.select({ pr: partsRequests, reference: serviceRequests.reference }).from(partsRequests).innerJoin(serviceRequests, eq(serviceRequests.id, partsRequests.requestId)).where(eq(partsRequests.id, line.partsRequestId)).for("update", { of: partsRequests })
          : [];
        if (line.productId) {
          await moveStock(tx, { productId: line.productId, kind: "received", onHand: q, reason: `Received on ${order.number}`, actorUserId: staff.userId, purchaseOrderId: order.id, partsRequestId: pr?.pr.id ?? null, requestId: pr?.pr.requestId ?? null }, now);
          if (pr && !pr.pr.cancelledAt && !pr.pr.readyAt) {
            const n = Math.min(q, outstanding(pr.pr));
            if (n > 0) {
              await moveStock(tx, { productId: line.productId, kind: "reserved", reserved: n, reason: `Reserved for ${pr.reference} on receipt of ${order.number}`, actorUserId: staff.userId, purchaseOrderId: order.id, partsRequestId: pr.pr.id, requestId: pr.pr.requestId }, now);
              await tx.update(partsRequests).set({ reservedQuantity: pr.pr.reservedQuantity + n, version: pr.pr.version + 1, updatedAt: now }).where(eq(partsRequests.id, pr.pr.id));
            }
          }
        } else if (pr && !pr.pr.cancelledAt) {
          await tx.update(partsRequests).set({ receivedQuantity: pr.pr.receivedQuantity + q, version: pr.pr.version + 1, updatedAt: now }).where(eq(partsRequests.id, pr.pr.id));
        }
        if (pr && (await settleReady(tx, pr.pr.id, now))) ready.push(pr.reference);
        await tx.update(purchaseOrderLines).set({ receivedQuantity: line.receivedQuantity + q }).where(eq(purchaseOrderLines.id, line.id));
        line.receivedQuantity += q;
        units += q;
      }
      if (units === 0) throw new Refusal("form", "Enter how many came of at least one line.");
      const status = lines.every((l) => l.receivedQuantity >= l.quantity) ? "received" : "part_received";
      await tx.update(purchaseOrders).set({ status, version: order.version + 1, updatedAt: now }).where(eq(purchaseOrders.id, order.id));
      await audit(tx, auditActor(staff), { action: "purchase-order.receive", entityType: "purchase-order", entityId: order.id, entityLabel: order.number, after: { received, status } }, now);
      const rest = status === "received" ? "Everything on the order is in." : "The rest is still to come.";
      const jobs = ready.length ? ` ${ready.join(", ")} can be scheduled again.` : "";
      return { ok: true, message: `Received ${units} ${units === 1 ? "unit" : "units"} on ${order.number}. ${rest}${jobs}` };
    });
  } catch (error) {
    return refused(error);
  }
}

/**
 * A vendor's bill recorded against the order (vendor_bills.purchase_order_id), by the vendors screen's rules
 * (~/.server/vendors/bills.ts): its tax split by the vendor's state, none from an unregistered vendor, a bill
 * number recorded once per vendor.
 */
export async function recordOrderBill(staff: StaffMember, number: string, input: BillInput, now = new Date()): Promise<OrderResult> {
  const business = (await getSiteSettings()).business.stateCode;
  try {
    return await getDb().transaction(async (tx): Promise<OrderResult> => {
      const row = await loadOrder(tx, number);
      if (!row) return { ok: false, reason: "not-found" };
      const { order, vendor } = row;
      const [same] = await tx.select({ id: vendorBills.id }).from(vendorBills).where(and(eq(vendorBills.vendorId, vendor.id), sql`lower(${vendorBills.billNumber}) = lower(${input.billNumber})`));
      if (same) throw new Refusal("billNumber", duplicateBillMessage(input.billNumber));
      const registered = Boolean(vendor.gstin);
      if (!registered && input.gstRate !== 0) throw new Refusal("gstRate", "This vendor has no GSTIN, so its bill carries no GST: enter 0, or add their GSTIN first.");
      const supplier = vendor.stateCode && GST_STATES[vendor.stateCode] ? vendor.stateCode : business;
      const figures = billFigures(input.taxable, registered ? input.gstRate : 0, supplier, business);
      const [bill] = await tx
        .insert(vendorBills)
        .values({ vendorId: vendor.id, billNumber: input.billNumber, billDate: input.billDate, gstRate: input.gstRate, ...figures, supplierStateCode: vendor.stateCode, purchaseOrderId: order.id, notes: input.notes ?? null, createdBy: staff.userId, createdAt: now, updatedAt: now })
        .returning({ id: vendorBills.id });
      await audit(tx, auditActor(staff), { action: "purchase-order.bill", entityType: "purchase-order", entityId: order.id, entityLabel: order.number, after: { bill: bill!.id, billNumber: input.billNumber, billDate: input.billDate, ...figures } }, now);
      return { ok: true, message: `Bill ${input.billNumber} for ${formatPaise(figures.totalPaise)} recorded against ${order.number}.` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "refused", field: "billNumber", message: duplicateBillMessage(input.billNumber) };
    return refused(error);
  }
}

export const ORDER_STATUS_LABELS: Record<string, string> = { ordered: "Ordered", part_received: "Part received", received: "Received", cancelled: "Cancelled" };

/** One order as its page shows it, with its lines (and the jobs they are for) and the bills recorded against it. */
export async function purchaseOrderPage(number: string) {
  const [row] = await getDb().select({ order: purchaseOrders, vendor: vendors }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).where(eq(purchaseOrders.number, number));
  if (!row) return undefined;
  const { order, vendor } = row;
  const [lines, bills] = await Promise.all([
    getDb()
      .select({ line: purchaseOrderLines, reference: serviceRequests.reference })
      .from(purchaseOrderLines)
      .leftJoin(partsRequests, eq(partsRequests.id, purchaseOrderLines.partsRequestId))
      .leftJoin(serviceRequests, eq(serviceRequests.id, partsRequests.requestId))
      .where(eq(purchaseOrderLines.purchaseOrderId, order.id))
      .orderBy(asc(purchaseOrderLines.id)),
    getDb().select().from(vendorBills).where(eq(vendorBills.purchaseOrderId, order.id)).orderBy(asc(vendorBills.billDate), asc(vendorBills.id)),
  ]);
  return {
    order: { id: order.id, number: order.number, status: order.status, statusLabel: ORDER_STATUS_LABELS[order.status] ?? order.status, orderDate: order.orderDate, taxablePaise: Number(order.taxablePaise), gstPaise: Number(order.gstPaise), totalPaise: Number(order.totalPaise), notes: order.notes, sentAt: order.sentAt?.toISOString() ?? null, sentVia: order.sentVia, version: order.version },
    vendor: { id: vendor.id, name: vendor.name, gstin: vendor.gstin, city: vendor.city, email: vendor.contacts.find((c) => c.email)?.email ?? null, phone: vendor.contacts.find((c) => c.phone)?.phone ?? null },
    lines: lines.map(({ line, reference }) => ({
      id: line.id,
      description: line.description,
      partNumber: line.partNumber,
      hsnSac: line.hsnSac,
      quantity: line.quantity,
      received: line.receivedQuantity,
      left: line.quantity - line.receivedQuantity,
      unit: line.unit,
      quantityText: partQuantity(line.quantity, line.unit),
      unitPricePaise: Number(line.unitPricePaise),
      gstRate: line.gstRate,
      reference,
    })),
    bills: bills.map((b) => ({ id: b.id, billNumber: b.billNumber, billDate: b.billDate, totalPaise: Number(b.totalPaise), gstPaise: Number(b.cgstPaise + b.sgstPaise + b.igstPaise) })),
  };
}

/** The order as a document for the PDF (~/.server/documents/tax-document-pdf.ts): issued by us, to the vendor. */
export async function purchaseOrderDocument(number: string): Promise<TaxDocumentView | undefined> {
  const site = await getSiteSettings();
  const [row] = await getDb().select({ order: purchaseOrders, vendor: vendors }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).where(eq(purchaseOrders.number, number));
  if (!row) return undefined;
  const { order, vendor } = row;
  const lines = await getDb().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, order.id)).orderBy(asc(purchaseOrderLines.id));
  const shapes = lines.map((l) => ({ ...l, description: l.partNumber ? `${l.description} (part no. ${l.partNumber})` : l.description, unitPricePaise: Number(l.unitPricePaise) }));
  const ourState = site.business.stateCode;
  const totals = orderTotals(shapes, vendor.stateCode ?? ourState, ourState, Boolean(vendor.gstin));
  const inputs = lineInputs(shapes, Boolean(vendor.gstin));
  const contact = vendor.contacts[0];
  return {
    kind: "purchase_order",
    title: "Purchase order",
    number: order.number,
    date: order.orderDate,
    supplier: supplierFromSettings(site),
    recipient: { name: contact?.name ?? vendor.name, company: vendor.name, address: vendor.address, city: vendor.city, pincode: vendor.pincode, stateCode: vendor.stateCode, stateName: vendor.stateCode ? (GST_STATES[vendor.stateCode] ?? null) : null, gstin: vendor.gstin, mobile: contact?.phone ?? null, email: contact?.email ?? null },
    placeOfSupply: { code: ourState, name: GST_STATES[ourState] ?? "" },
    lines: totals.lines.map((t, i) => ({ ...inputs[i]!, ...t, kind: "part" as const, productId: lines[i]!.productId, gstRate: inputs[i]!.gstRate })),
    totals,
    amountInWords: rupeesInWords(totals.payablePaise),
    notes: order.notes,
    terms: "Please quote this order number on your bill and delivery challan. Goods are received subject to inspection.",
  };
}

export interface OrderListItem {
  number: string;
  vendor: string;
  status: string;
  statusLabel: string;
  orderDate: string;
  totalPaise: number;
  lines: number;
  sentVia: string | null;
}

function filterCondition(show: PurchaseOrderFilter): SQL | undefined {
  if (show === "open") return inArray(purchaseOrders.status, ["ordered", "part_received"]);
  if (show === "received") return eq(purchaseOrders.status, "received");
  return undefined;
}

/** The orders, newest first, in keyset pages on the id, with a count per tab. */
export async function listPurchaseOrders(show: PurchaseOrderFilter, cursor: Cursor | undefined, size = PAGE_SIZE) {
  const after = cursor && typeof cursor[1] === "number" ? lt(purchaseOrders.id, cursor[1]) : undefined;
  const [rows, [counts]] = await Promise.all([
    getDb()
      .select({ id: purchaseOrders.id, number: purchaseOrders.number, vendor: vendors.name, status: purchaseOrders.status, orderDate: purchaseOrders.orderDate, totalPaise: purchaseOrders.totalPaise, sentVia: purchaseOrders.sentVia, lines: sql<number>`(select count(*)::int from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${purchaseOrders.id})` })
      .from(purchaseOrders)
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .where(and(filterCondition(show), after))
      .orderBy(desc(purchaseOrders.id))
      .limit(size + 1),
    getDb()
      .select({
        open: sql<number>`count(*) filter (where ${filterCondition("open")})::int`,
        received: sql<number>`count(*) filter (where ${filterCondition("received")})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(purchaseOrders),
  ]);
  const page = keysetPage(rows, (r): Cursor => [r.id, r.id], size);
  const c = { open: Number(counts?.open ?? 0), received: Number(counts?.received ?? 0), all: Number(counts?.all ?? 0) };
  return {
    rows: page.rows.map((r): OrderListItem => ({ number: r.number, vendor: r.vendor, status: r.status, statusLabel: ORDER_STATUS_LABELS[r.status] ?? r.status, orderDate: formatDate(r.orderDate), totalPaise: Number(r.totalPaise), lines: Number(r.lines), sentVia: r.sentVia })),
    next: page.next,
    counts: c,
    total: c[show],
  };
}
