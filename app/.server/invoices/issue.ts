import { and, asc, eq } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import type { Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { customers, customerSites, invoices, serviceRequests } from "~/.server/db/schema.ts";
import { supplierFromSettings } from "~/.server/documents/supplier.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine, DocumentParty, StoredLine } from "~/lib/money/document.ts";
import { GST_RATE_MESSAGE, GST_RATES, hsnSacProblem, invoiceTotals, placeOfSupply, type InvoiceTotals, type PlaceOfSupply } from "~/lib/money/gst.ts";
import { GST_STATES, gstinSchema } from "~/lib/settings-schema.ts";
import { invoiceIssuedMessages } from "./messages.ts";
import { recipientAddress } from "~/.server/documents/recipient.ts";
import { nextDocumentNumber } from "./numbering.ts";
import { addDays, invoiceSettings, InvoiceRefusal } from "./shared.ts";

/**
 * Issuing a GST tax invoice (CGST rule 46). Everything printed is worked out and stored on the row at issue
 * (supplier, recipient, place of supply, lines with their tax, totals, amount in words), and the row is never
 * edited afterwards: a mistake is corrected by a credit note (./credit-notes.ts). Only paid_paise,
 * credited_paise and status move later, kept by payments and credit notes.
 *
 * One function does it for every source, inside the caller's transaction: an approved quote and a completed
 * job (./sources.ts, from the back office) and a contract's billing date (the AMC code). It
 *  - returns the invoice already made for the same idempotency key, the same quote or the same source (a
 *    job, a contract's billing date: sourceKey, unique), so a double submit, a retried job, or two people
 *    pressing "Issue" at once end with one invoice;
 *  - checks the recipient's GSTIN (format and check digit) before using it: a wrong one stored on the
 *    customer blocks issuing with a message, rather than printing a GSTIN the recipient cannot claim on;
 *  - decides the place of supply (IGST Act s.12(2)): the GSTIN's state, else the site's state, else the
 *    state the source named (a quote's), else the supplier's; CGST + SGST inside Telangana, IGST outside;
 *  - takes the number last, in a savepoint, so the counter row is held for as short a time as possible and a
 *    lost race gives its number back (./numbering.ts);
 *  - writes the audit entry and queues the invoiceIssued SMS (and an e-mail) with the signed link, in the
 *    same transaction.
 *
 * E-invoicing (IRN) would plug in here: for a B2B invoice of a business over the ₹5 crore turnover line, a
 * step after the insert sends the stored figures (they map one to one onto the e-invoice schema, see
 * docs/decisions/018-gst-arithmetic.md) to the invoice registration portal and stores the IRN and its signed
 * QR code on the row (two new columns) before the invoice is sent. Not built: this business is below the line.
 */

export interface IssueInvoiceInput {
  customerId: number;
  contractId?: number | null;
  requestId?: number | null;
  quoteId?: number | null;
  benchJobId?: number | null;
  /** The site the work was at (its state is the place of supply without a GSTIN); default: the request's, or the customer's only site. */
  siteId?: number | null;
  /** The state the source settled on when neither a GSTIN nor the site's state is known (a quote's place of supply). */
  fallbackStateCode?: string | null;
  lines: DocumentLine[];
  poNumber?: string | null;
  notes?: string | null;
  /** YYYY-MM-DD, India; default today. */
  issueDate?: string;
  idempotencyKey?: string | null;
  /**
   * What the invoice bills, for the one-invoice-per-source rule (invoices_one_per_source): "request:<id>",
   * "contract-billing:<id>", "request:<id>/2" for a deliberate second. The invoice already made for it is
   * returned (created: false), however many issue it at once.
   */
  sourceKey?: string | null;
  actor: AuditActor;
  now?: Date;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  /** False when the invoice already existed (same idempotency key, or the quote's one invoice). */
  created: boolean;
}

type Customer = typeof customers.$inferSelect;
type Site = typeof customerSites.$inferSelect;

async function existing(tx: Transaction, input: Pick<IssueInvoiceInput, "idempotencyKey" | "quoteId" | "sourceKey">): Promise<IssuedInvoice | undefined> {
  if (input.sourceKey) {
    const [row] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.sourceKey, input.sourceKey));
    if (row) return { ...row, created: false };
  }
  if (input.idempotencyKey) {
    const [row] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.idempotencyKey, input.idempotencyKey));
    if (row) return { ...row, created: false };
  }
  if (input.quoteId) {
    const [row] = await tx
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.quoteId, input.quoteId), eq(invoices.kind, "invoice")));
    if (row) return { ...row, created: false };
  }
  return undefined;
}

/** The customer's GSTIN, checked (format and check digit), or null when unregistered. A wrong one is refused. */
export function checkedGstin(customer: Pick<Customer, "gstin" | "reference">): string | null {
  const raw = customer.gstin?.trim().toUpperCase();
  if (!raw) return null;
  const parsed = gstinSchema.safeParse(raw);
  if (!parsed.success) {
    throw new InvoiceRefusal(
      "customer",
      `The GSTIN on customer ${customer.reference} (${raw}) is not valid: ${parsed.error.issues[0]?.message ?? "check it"}. Correct it on the customer's page (or remove it for an unregistered customer), then issue the invoice.`,
    );
  }
  return parsed.data;
}

/** Lines checked as the form checks them (a caller outside the forms may pass anything). */
function checkLines(lines: DocumentLine[]): void {
  if (lines.length === 0) throw new InvoiceRefusal("lines", "An invoice needs at least one line.");
  if (lines.length > 200) throw new InvoiceRefusal("lines", "An invoice has at most 200 lines.");
  lines.forEach((line, i) => {
    const at = `Line ${i + 1}: `;
    if (!line.description?.trim()) throw new InvoiceRefusal("lines", `${at}describe the item or service.`);
    const hsn = hsnSacProblem(String(line.hsnSac ?? ""));
    if (hsn) throw new InvoiceRefusal("lines", `${at}${hsn}.`);
    if (!(GST_RATES as readonly number[]).includes(line.gstRate)) throw new InvoiceRefusal("lines", `${at}${GST_RATE_MESSAGE}.`);
    if (!line.unit?.trim()) throw new InvoiceRefusal("lines", `${at}enter the unit.`);
  });
}

export function recipientParty(customer: Customer, site: Site | undefined, gstin: string | null): DocumentParty {
  const stateCode = gstin ? gstin.slice(0, 2) : (site?.stateCode ?? null);
  const address = recipientAddress(customer, site, gstin);
  return {
    name: customer.name,
    company: customer.company,
    ...address,
    stateCode,
    stateName: stateCode ? (GST_STATES[stateCode] ?? null) : null,
    gstin,
    mobile: customer.mobile,
    email: customer.email,
  };
}

/** The invoice's figures, or a refusal naming what is wrong (a line's amount past the limits, a state code). */
export function priceLines(lines: DocumentLine[], pos: { code: string }, supplierStateCode: string): { totals: InvoiceTotals; stored: StoredLine[] } {
  checkLines(lines);
  let totals: InvoiceTotals;
  try {
    totals = invoiceTotals(lines, { code: pos.code, supplierStateCode }, { roundToRupee: true });
  } catch (error) {
    if (error instanceof RangeError) throw new InvoiceRefusal("lines", `These lines cannot be invoiced: ${error.message}.`);
    throw error;
  }
  const stored: StoredLine[] = lines.map((line, i) => {
    const taxed = totals.lines[i]!;
    return {
      kind: line.kind,
      productId: line.productId ?? null,
      description: line.description.trim(),
      hsnSac: line.hsnSac,
      quantityMilli: line.quantityMilli,
      unit: line.unit.trim(),
      ratePaise: line.ratePaise,
      grossPaise: taxed.grossPaise,
      discountPaise: taxed.discountPaise,
      taxablePaise: taxed.taxablePaise,
      gstRate: line.gstRate,
      cgstPaise: taxed.cgstPaise,
      sgstPaise: taxed.sgstPaise,
      igstPaise: taxed.igstPaise,
      taxPaise: taxed.taxPaise,
      totalPaise: taxed.totalPaise,
    };
  });
  return { totals, stored };
}

/**
 * Issues a tax invoice inside the caller's transaction (see the top of this file). Throws InvoiceRefusal for
 * what the office must fix (a wrong GSTIN, an erased customer, lines that cannot be invoiced).
 */
export async function issueInvoiceInTx(tx: Transaction, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  const now = input.now ?? new Date();
  const already = await existing(tx, input);
  if (already) return already;

  const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw new InvoiceRefusal("customer", "The customer was not found.");
  if (customer.erasedAt) throw new InvoiceRefusal("customer", `Customer ${customer.reference} has been erased: an invoice cannot be made out to them.`);
  const gstin = checkedGstin(customer);

  let siteId = input.siteId ?? null;
  if (siteId === null && input.requestId) {
    const [request] = await tx.select({ siteId: serviceRequests.siteId }).from(serviceRequests).where(eq(serviceRequests.id, input.requestId));
    siteId = request?.siteId ?? null;
  }
  let site: Site | undefined;
  if (siteId !== null) [site] = await tx.select().from(customerSites).where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customer.id)));
  else {
    const sites = await tx.select().from(customerSites).where(eq(customerSites.customerId, customer.id)).orderBy(asc(customerSites.id)).limit(2);
    if (sites.length === 1) site = sites[0];
  }

  const settings = await invoiceSettings(tx);
  const supplierState = settings.business.stateCode;
  let pos: PlaceOfSupply;
  try {
    pos = placeOfSupply({ recipientGstin: gstin, recipientStateCode: site?.stateCode || input.fallbackStateCode || null, supplierStateCode: supplierState });
  } catch (error) {
    if (error instanceof RangeError) throw new InvoiceRefusal("customer", `The place of supply cannot be decided: ${error.message}. Correct the customer's GSTIN or the site's state.`);
    throw error;
  }
  const { totals, stored } = priceLines(input.lines, pos, supplierState);
  if (totals.payablePaise <= 0) throw new InvoiceRefusal("lines", "The invoice comes to nothing: enter the rates of the lines.");

  const issueDate = input.issueDate ?? todayInIndia(now);
  const dueDate = addDays(issueDate, settings.operations.invoiceDueDays);
  const recipient = recipientParty(customer, site, gstin);
  const supplier = supplierFromSettings(settings);

  // The number last, in a savepoint: a lost race for the quote's one invoice (or the idempotency key) rolls
  // the counter back with the insert, and the invoice that won is returned.
  let made: { id: number; number: string };
  try {
    made = await tx.transaction(async (sp) => {
      const { number, financialYear, serial } = await nextDocumentNumber(sp, "invoice", issueDate);
      const [row] = await sp
        .insert(invoices)
        .values({
          kind: "invoice",
          number,
          financialYear,
          serial,
          customerId: customer.id,
          requestId: input.requestId ?? null,
          quoteId: input.quoteId ?? null,
          benchJobId: input.benchJobId ?? null,
          contractId: input.contractId ?? null,
          sourceKey: input.sourceKey ?? null,
          issueDate,
          dueDate,
          supplier,
          recipient,
          placeOfSupplyCode: pos.code,
          placeOfSupplyName: pos.name,
          placeOfSupplyBasis: pos.basis,
          reverseCharge: false,
          poNumber: input.poNumber?.trim() || null,
          lines: stored,
          taxablePaise: totals.taxablePaise,
          cgstPaise: totals.cgstPaise,
          sgstPaise: totals.sgstPaise,
          igstPaise: totals.igstPaise,
          taxPaise: totals.taxPaise,
          roundOffPaise: totals.roundOffPaise,
          totalPaise: totals.payablePaise,
          amountInWords: rupeesInWords(totals.payablePaise),
          notes: input.notes?.trim() || null,
          terms: settings.operations.invoiceTerms,
          createdBy: input.actor.userId,
          idempotencyKey: input.idempotencyKey || null,
          createdAt: now,
        })
        .returning({ id: invoices.id, number: invoices.number });
      return row!;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await existing(tx, input);
    if (winner) return winner;
    throw error;
  }

  await audit(
    tx,
    input.actor,
    {
      action: "invoice.issue",
      entityType: "invoice",
      entityId: made.id,
      entityLabel: made.number,
      before: null,
      after: {
        customer: customer.reference,
        issueDate,
        dueDate,
        placeOfSupply: `${pos.name} (${pos.code}), ${pos.basis}`,
        gstin,
        lines: stored.length,
        taxablePaise: totals.taxablePaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.payablePaise,
        quoteId: input.quoteId ?? null,
        requestId: input.requestId ?? null,
        contractId: input.contractId ?? null,
        source: input.sourceKey ?? null,
      },
    },
    now,
  );
  await queueMessages(
    tx,
    invoiceIssuedMessages({ id: made.id, number: made.number, totalPaise: totals.payablePaise, dueDate, customer }, settings, `invoice:${made.number}:issued`),
  );
  return { ...made, created: true };
}
