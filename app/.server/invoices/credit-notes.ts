import { and, asc, eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { invoices } from "~/.server/db/schema.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine, DocumentParty, StoredLine } from "~/lib/money/document.ts";
import { invoiceTotals, SUPPLIER_STATE_CODE } from "~/lib/money/gst.ts";
import { creditExcessInTx } from "~/.server/payments/credit.ts";
import { nextDocumentNumber } from "./numbering.ts";
import { InvoiceRefusal, statusFor, type InvoiceRow } from "./shared.ts";

/**
 * Credit notes (CGST rule 53, s.34): the one way to correct an issued invoice. Made from an invoice, for a
 * stated reason, in full or for part of some lines (each line's taxable value, never more than what is left
 * un-credited of it), with the invoice's place of supply and rates. Its own series: CN/2026-27/0001.
 *
 * In the same transaction, with the invoice's row locked (two people crediting one invoice at once are taken
 * one after the other, the second against what the first left): the invoice's credited_paise grows by the
 * note's total and its status follows (cancelled once every line is credited in full).
 *
 * A note that takes the invoice's total below what was already paid on it moves the difference off the
 * invoice's payments into the customer's credit balance (../payments/credit.ts), in the same transaction:
 * the invoice then shows nothing due, and the customer's record shows what the business owes them.
 *
 * Rounding: a partial note is exact to the paisa (no round-off). The note that credits the last of the invoice
 * carries a round-off that brings the credits to the invoice's payable total exactly, so a fully credited
 * invoice nets to zero however many notes it took.
 */

/** A credit line remembers which invoice line it credits (0-based), so what is left can be worked out. */
export type CreditLine = StoredLine & { creditOfLine: number };

type Executor = Pick<Database | Transaction, "select">;

/** Taxable value still un-credited, per line of the invoice. */
export async function remainingByLine(db: Executor, invoice: Pick<InvoiceRow, "id" | "lines">): Promise<number[]> {
  const lines = invoice.lines as StoredLine[];
  const remaining = lines.map((l) => l.taxablePaise);
  const notes = await db.select({ lines: invoices.lines }).from(invoices).where(and(eq(invoices.creditOfId, invoice.id), eq(invoices.kind, "credit_note"))).orderBy(asc(invoices.id));
  for (const note of notes) {
    for (const l of note.lines as CreditLine[]) {
      const left = typeof l.creditOfLine === "number" ? remaining[l.creditOfLine] : undefined;
      if (left !== undefined) remaining[l.creditOfLine] = left - l.taxablePaise;
    }
  }
  return remaining.map((r) => Math.max(0, r));
}

export interface CreditNoteRequest {
  reason: string;
  scope: "full" | "lines";
  /** scope "lines": paise of taxable value to credit, by invoice line (0-based); blank lines are left out. */
  amounts: Record<number, number>;
  idempotencyKey: string;
}

export type CreditNoteResult =
  | { ok: true; id: number; number: string; created: boolean; cancelled: boolean; heldAsCreditPaise?: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; field: string; message: string };

export async function issueCreditNote(staff: StaffMember, invoiceId: number, input: CreditNoteRequest, now = new Date()): Promise<CreditNoteResult> {
  try {
    return await getDb().transaction(async (tx): Promise<CreditNoteResult> => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
      if (!invoice || invoice.kind !== "invoice") return { ok: false, reason: "not-found" };
      // The same form again (after the lock, so a double submit waits for the first and finds its note).
      const [again] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.idempotencyKey, input.idempotencyKey));
      if (again) return { ok: true, ...again, created: false, cancelled: invoice.status === "cancelled" };
      if (invoice.status === "cancelled") throw new InvoiceRefusal("form", `Invoice ${invoice.number} is already credited in full.`);

      const original = invoice.lines as StoredLine[];
      const remaining = await remainingByLine(tx, invoice);
      const lines: DocumentLine[] = [];
      const creditOf: number[] = [];
      if (input.scope === "full") {
        original.forEach((line, i) => {
          const left = remaining[i]!;
          if (left <= 0) return;
          creditOf.push(i);
          // Untouched: the line again, as invoiced. Partly credited before: what is left, as one amount.
          lines.push(
            left === line.taxablePaise
              ? { kind: line.kind, productId: line.productId ?? null, description: `Credit: ${line.description}`.slice(0, 500), hsnSac: line.hsnSac, quantityMilli: line.quantityMilli, unit: line.unit, ratePaise: line.ratePaise, discountPaise: line.discountPaise, gstRate: line.gstRate }
              : { kind: line.kind, productId: line.productId ?? null, description: `Credit (balance): ${line.description}`.slice(0, 500), hsnSac: line.hsnSac, quantityMilli: 1000, unit: "lot", ratePaise: left, discountPaise: 0, gstRate: line.gstRate },
          );
        });
      } else {
        for (const [key, paise] of Object.entries(input.amounts)) {
          const i = Number(key);
          const line = original[i];
          if (!line) throw new InvoiceRefusal("form", "The invoice has no such line: reload the page.");
          if (!Number.isSafeInteger(paise) || paise <= 0) continue;
          if (paise > remaining[i]!) {
            throw new InvoiceRefusal(`credit-${i}`, `At most ${(remaining[i]! / 100).toFixed(2)} can still be credited on line ${i + 1} (its taxable value less earlier credit notes).`);
          }
          creditOf.push(i);
          lines.push({ kind: line.kind, productId: line.productId ?? null, description: `Credit: ${line.description}`.slice(0, 500), hsnSac: line.hsnSac, quantityMilli: 1000, unit: "lot", ratePaise: paise, discountPaise: 0, gstRate: line.gstRate });
        }
      }
      if (lines.length === 0) {
        throw new InvoiceRefusal(input.scope === "full" ? "form" : "credit-0", input.scope === "full" ? "Nothing is left to credit on this invoice." : "Enter the amount to credit on at least one line.");
      }

      const supplierState = (invoice.supplier as DocumentParty).stateCode ?? SUPPLIER_STATE_CODE;
      const totals = invoiceTotals(lines, { code: invoice.placeOfSupplyCode, supplierStateCode: supplierState });
      const leftAfter = remaining.map((r, i) => r - lines.reduce((sum, _l, j) => sum + (creditOf[j] === i ? totals.lines[j]!.taxablePaise : 0), 0));
      const fullyCredited = leftAfter.every((r) => r <= 0);
      let roundOff = 0;
      const rest = invoice.totalPaise - invoice.creditedPaise - totals.grandTotalPaise;
      // Within a rupee: the invoice's own round-off plus a paisa or two of per-line rounding. A full credit
      // closes the invoice to the paisa; a partial one never credits more than the invoice has left (an
      // invoice rounded down, credited 85%, could otherwise come to a paisa over its total).
      if (Math.abs(rest) < 100 && (fullyCredited || rest < 0)) roundOff = rest;
      const payable = totals.grandTotalPaise + roundOff;
      const stored: CreditLine[] = lines.map((line, j) => ({ ...line, ...totals.lines[j]!, gstRate: line.gstRate, productId: line.productId ?? null, creditOfLine: creditOf[j]! }));

      const issueDate = todayInIndia(now);
      const { number, financialYear, serial } = await nextDocumentNumber(tx, "credit_note", issueDate);
      const [note] = await tx
        .insert(invoices)
        .values({
          kind: "credit_note",
          number,
          financialYear,
          serial,
          customerId: invoice.customerId,
          requestId: invoice.requestId,
          benchJobId: invoice.benchJobId,
          contractId: invoice.contractId,
          creditOfId: invoice.id,
          issueDate,
          dueDate: issueDate,
          supplier: invoice.supplier,
          recipient: invoice.recipient,
          placeOfSupplyCode: invoice.placeOfSupplyCode,
          placeOfSupplyName: invoice.placeOfSupplyName,
          placeOfSupplyBasis: invoice.placeOfSupplyBasis,
          reverseCharge: invoice.reverseCharge,
          poNumber: invoice.poNumber,
          lines: stored,
          taxablePaise: totals.taxablePaise,
          cgstPaise: totals.cgstPaise,
          sgstPaise: totals.sgstPaise,
          igstPaise: totals.igstPaise,
          taxPaise: totals.taxPaise,
          roundOffPaise: roundOff,
          totalPaise: payable,
          amountInWords: rupeesInWords(payable),
          reason: input.reason,
          terms: "",
          createdBy: staff.userId,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        })
        .returning({ id: invoices.id, number: invoices.number });

      const credited = invoice.creditedPaise + payable;
      // What was paid beyond the invoice's new total is the customer's money: it comes off the invoice's
      // payments and is held as their credit (to apply to a later invoice or refund), never lost.
      const excess = Math.max(0, invoice.paidPaise + credited - invoice.totalPaise);
      const movedToCredit = await creditExcessInTx(tx, invoice.id, excess);
      const paid = invoice.paidPaise - excess;
      const status = statusFor({ totalPaise: invoice.totalPaise, paidPaise: paid, creditedPaise: credited }, fullyCredited);
      await tx.update(invoices).set({ creditedPaise: credited, paidPaise: paid, status }).where(eq(invoices.id, invoice.id));
      await audit(
        tx,
        auditActor(staff),
        {
          action: "credit_note.issue",
          entityType: "invoice",
          entityId: note!.id,
          entityLabel: note!.number,
          before: { invoice: invoice.number, creditedPaise: invoice.creditedPaise, paidPaise: invoice.paidPaise, status: invoice.status },
          after: { invoice: invoice.number, reason: input.reason, scope: input.scope, lines: stored.length, totalPaise: payable, creditedPaise: credited, paidPaise: paid, heldAsCreditPaise: excess, creditFrom: movedToCredit, status },
        },
        now,
      );
      return { ok: true, ...note!, created: true, cancelled: status === "cancelled", heldAsCreditPaise: excess };
    });
  } catch (error) {
    if (error instanceof InvoiceRefusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    if (error instanceof RangeError) return { ok: false, reason: "refused", field: "form", message: `This credit cannot be made: ${error.message}.` };
    if (isUniqueViolation(error)) {
      const [row] = await getDb().select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.idempotencyKey, input.idempotencyKey));
      if (row) return { ok: true, ...row, created: false, cancelled: false };
    }
    throw error;
  }
}
