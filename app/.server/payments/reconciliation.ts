import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { customers, invoices, payments, statementImports, statementLines, users } from "~/.server/db/schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatPaise } from "~/lib/format.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { paymentByInstrument, recordPaymentInTx } from "./record.ts";
import { amountDue, OPEN_INVOICE_STATUSES, PaymentRefusal } from "./shared.ts";

/**
 * Bank and UPI statement reconciliation (/admin/payments/reconciliation).
 *
 * The file: a CSV as banks export it. A header row (found among the first 30 rows, so a preamble with the
 * account's details is skipped) names the columns; common names are accepted for each:
 *   date         Date, Txn Date, Transaction Date, Value Date, Posting Date
 *   narration    Description, Narration, Particulars, Remarks, Details, Transaction Details
 *   reference    Reference, Ref No, Chq/Ref No, UTR, UTR No, Transaction ID, RRN
 *   credit       Credit, Credit Amount, Deposit, Deposits, Deposit Amt, Cr, Amount (Cr); or Amount, with
 *                a Dr/Cr (or Type) column whose DR lines are left out
 * Only credit lines (money in) are kept. Dates as 2026-11-24, 24/11/2026, 24-11-2026, 24-Nov-2026 or
 * 24 Nov 2026 (day first, as Indian banks print them); amounts as 12,500.00 or ₹12500.
 *
 * The same file imported again is the same import (SHA-256 of the file, unique): nothing is added twice.
 *
 * Matching: a line is matched to an invoice when its narration carries the invoice's number (the UPI
 * payment's tr, as the invoice's QR code sets it; banks drop or change the slashes, so it is compared on
 * letters and digits only) AND its amount is exactly the invoice's amount due. A matched line records the
 * payment (UPI when its reference is a 12-digit UTR, else bank transfer) and allocates it, like the office's
 * form, each in a savepoint of the import's transaction. Its UTR already recorded by hand links the line to
 * that payment instead. Everything else is listed for a person to match to an invoice or ignore.
 */

export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 5000;

const HEADERS = {
  date: ["date", "txndate", "transactiondate", "valuedate", "postingdate", "tranDate".toLowerCase()],
  description: ["description", "narration", "particulars", "remarks", "details", "transactiondetails", "transactionremarks"],
  reference: ["reference", "referenceno", "refno", "chqrefno", "chqrefnumber", "chequerefno", "utr", "utrno", "utrnumber", "transactionid", "rrn", "upirefno", "bankreference"],
  credit: ["credit", "creditamount", "deposit", "deposits", "depositamt", "depositamount", "cr", "amountcr", "creditinr", "creditamt", "amount"],
  /** With a single Amount column: which lines are debits (DR, Debit) to leave out. */
  type: ["drcr", "crdr", "type", "transactiontype", "debitcredit"],
} as const;
type Column = keyof typeof HEADERS;

const normalise = (h: string) => h.toLowerCase().replace(/[^a-z]/g, "");

export interface ParsedLine {
  lineNo: number;
  valueDate: string;
  amountPaise: number;
  instrumentRef: string | null;
  description: string;
}

export type ParseResult = { ok: true; lines: ParsedLine[]; skipped: number } | { ok: false; message: string };

const MONTHS: Record<string, string> = { jan: "01", feb: "02", mar: "03", apr: "04", may: "05", jun: "06", jul: "07", aug: "08", sep: "09", oct: "10", nov: "11", dec: "12" };

/** A statement's date, day first: 24/11/2026, 24-11-26, 24-Nov-2026, 24 Nov 2026, or 2026-11-24. */
export function statementDate(raw: string): string | null {
  const v = raw.trim();
  let y: string, m: string, d: string;
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (match) [, y, m, d] = match as unknown as [string, string, string, string];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(v))) {
    [, d, m, y] = match as unknown as [string, string, string, string];
  } else if ((match = /^(\d{1,2})[\s/-]([A-Za-z]{3})[A-Za-z]*[\s/-](\d{2}|\d{4})$/.exec(v))) {
    const month = MONTHS[match[2]!.toLowerCase()];
    if (!month) return null;
    [d, m, y] = [match[1]!, month, match[3]!];
  } else return null;
  if (y.length === 2) y = `20${y}`;
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(iso) ? iso : null;
}

/** A statement's amount: "12,500.00", "₹12500", "12500 CR" -> paise; blank, zero or a debit -> null. */
export function statementAmount(raw: string): number | null {
  const v = raw.trim().replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "").replace(/cr$/i, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) return null;
  const [whole = "0", fraction = ""] = v.split(".");
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return paise > 0 ? paise : null;
}

function findHeader(rows: string[][]): { index: number; columns: Partial<Record<Column, number>> } | null {
  for (let i = 0; i < Math.min(rows.length, 30); i++) {
    const names = rows[i]!.map(normalise);
    const columns: Partial<Record<Column, number>> = {};
    for (const column of Object.keys(HEADERS) as Column[]) {
      const accepted: readonly string[] = HEADERS[column];
      // An exact name first ("credit" before "amount"), so a file with both picks the credit column.
      for (const name of accepted) {
        const at = names.indexOf(name);
        if (at >= 0 && !Object.values(columns).includes(at)) {
          columns[column] = at;
          break;
        }
      }
    }
    if (columns.date !== undefined && columns.credit !== undefined && (columns.description !== undefined || columns.reference !== undefined)) return { index: i, columns };
  }
  return null;
}

export function parseStatement(text: string): ParseResult {
  let rows: string[][];
  try {
    // Empty lines are kept (and skipped below), so that a row's index is its line in the file.
    rows = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
  } catch {
    return { ok: false, message: "This file could not be read as CSV. Export the statement as CSV (comma-separated) and try again." };
  }
  const header = findHeader(rows);
  if (!header) {
    return { ok: false, message: "No header row with a date, a credit amount and a narration or reference was found. See the format below." };
  }
  const { columns } = header;
  const lines: ParsedLine[] = [];
  let skipped = 0;
  for (let i = header.index + 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.every((cell) => cell === "")) continue;
    const debit = columns.type !== undefined && /^d(r|ebit)?\.?$/i.test((row[columns.type] ?? "").trim());
    const amount = debit ? null : statementAmount(row[columns.credit!] ?? "");
    const date = statementDate(row[columns.date!] ?? "");
    // Debits, opening/closing balance rows and footers have no credit amount or no date.
    if (amount === null || date === null) {
      skipped++;
      continue;
    }
    const reference = columns.reference !== undefined ? (row[columns.reference] ?? "").replace(/\s+/g, "").slice(0, 60) : "";
    lines.push({
      lineNo: i + 1,
      valueDate: date,
      amountPaise: amount,
      instrumentRef: reference && !/^[-0]*$/.test(reference) ? reference : null,
      description: columns.description !== undefined ? (row[columns.description] ?? "").replace(/\s+/g, " ").slice(0, 500) : "",
    });
    if (lines.length > MAX_STATEMENT_LINES) return { ok: false, message: `The file has more than ${MAX_STATEMENT_LINES.toLocaleString("en-IN")} credit lines: import it a month at a time.` };
  }
  if (lines.length === 0) return { ok: false, message: "The file has no credit lines (money received) to reconcile." };
  return { ok: true, lines, skipped };
}

/** The invoice numbers a narration may carry (INV/2026-27/0007, INV2026270007, INV-2026-27-0007 ...), compacted. */
export function invoiceNumbersIn(narration: string): string[] {
  const found = new Set<string>();
  for (const m of narration.matchAll(/INV\W{0,2}(\d{4})\W{0,2}(\d{2})\W{0,2}(\d{1,7})/gi)) found.add(`INV${m[1]}${m[2]}${m[3]!.padStart(4, "0")}`);
  // The UPI reference of a UTR-only line never looks like that; without one, nothing is matched.
  return [...found];
}

const compactNumber = sql<string>`regexp_replace(upper(${invoices.number}), '[^A-Z0-9]', '', 'g')`;

type Executor = Pick<Transaction, "select">;

async function invoicesByCompactNumber(db: Executor, compact: string[]) {
  if (compact.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, "invoice"), inArray(compactNumber, compact)));
}

function methodFor(reference: string | null): "upi" | "bank" {
  return reference && /^\d{12}$/.test(reference) ? "upi" : "bank";
}

/** Records a statement line as a payment of the whole line against one invoice (matched by the import or by hand). */
function payInvoiceFromLine(
  tx: Transaction,
  line: Pick<ParsedLine, "amountPaise" | "valueDate" | "instrumentRef" | "description">,
  invoice: { id: number; customerId: number },
  method: "upi" | "bank",
  staff: StaffMember,
  site: SiteSettings,
  now: Date,
) {
  return recordPaymentInTx(
    tx,
    {
      customerId: invoice.customerId,
      method,
      amountPaise: line.amountPaise,
      receivedOn: line.valueDate,
      instrumentRef: line.instrumentRef,
      note: `From the bank statement: ${line.description}`.slice(0, 500),
      recordedBy: staff.userId,
      idempotencyKey: null,
      allocations: [{ invoiceId: invoice.id, paise: line.amountPaise }],
      allowAdvance: false,
    },
    auditActor(staff),
    site,
    now,
  );
}

export type ImportResult =
  | { ok: true; importId: number; repeated: boolean; lineCount: number; matched: number }
  | { ok: false; message: string };

/** Matches one line inside the import's transaction, in a savepoint: true when matched. */
async function tryMatch(tx: Transaction, lineId: number, line: ParsedLine, staff: StaffMember, site: SiteSettings, now: Date): Promise<boolean> {
  const named = await invoicesByCompactNumber(tx, invoiceNumbersIn(line.description));
  const method = methodFor(line.instrumentRef);
  if (line.instrumentRef) {
    // Recorded by hand already (the same UTR or reference, of the same amount): the line is that payment.
    const existing = await paymentByInstrument(tx, method, line.instrumentRef);
    if (existing) {
      const [own] = await tx.select({ amountPaise: payments.amountPaise }).from(payments).where(eq(payments.id, existing.id));
      if (own?.amountPaise !== line.amountPaise) return false;
      await tx.update(statementLines).set({ status: "matched", invoiceId: named.length === 1 ? named[0]!.id : null, paymentId: existing.id }).where(eq(statementLines.id, lineId));
      return true;
    }
  }
  const candidates = named.filter((i) => (OPEN_INVOICE_STATUSES as readonly string[]).includes(i.status) && amountDue(i) === line.amountPaise);
  if (candidates.length !== 1) return false;
  const invoice = candidates[0]!;
  try {
    const made = await tx.transaction((sp) => payInvoiceFromLine(sp, line, invoice, method, staff, site, now));
    await tx.update(statementLines).set({ status: "matched", invoiceId: invoice.id, paymentId: made.id }).where(eq(statementLines.id, lineId));
    return true;
  } catch (error) {
    // Left for a person: the savepoint took back whatever this line began.
    if (error instanceof PaymentRefusal || isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function importStatement(staff: StaffMember, file: { name: string; bytes: Uint8Array }, now = new Date()): Promise<ImportResult> {
  if (file.bytes.byteLength === 0) return { ok: false, message: "The file is empty: choose the statement's CSV file." };
  if (file.bytes.byteLength > MAX_STATEMENT_BYTES) return { ok: false, message: "The file is larger than 2 MB: import the statement a month at a time." };
  const hash = createHash("sha256").update(file.bytes).digest("hex");
  const [seen] = await getDb().select().from(statementImports).where(eq(statementImports.fileHash, hash));
  if (seen) return { ok: true, importId: seen.id, repeated: true, lineCount: seen.lineCount, matched: seen.matchedCount };
  const text = new TextDecoder("utf-8", { fatal: false }).decode(file.bytes);
  if (text.includes("\u0000")) return { ok: false, message: "This is not a text (CSV) file. Export the statement as CSV and try again." };
  const parsed = parseStatement(text);
  if (!parsed.ok) return parsed;
  const site = await getSiteSettings();
  const fileName = file.name.replace(/[^\w .()-]/g, "_").slice(0, 120) || "statement.csv";
  try {
    return await getDb().transaction(async (tx) => {
      const [made] = await tx
        .insert(statementImports)
        .values({ fileName, fileHash: hash, lineCount: parsed.lines.length, importedBy: staff.userId, createdAt: now })
        .returning({ id: statementImports.id });
      const importId = made!.id;
      const ids = await tx
        .insert(statementLines)
        .values(parsed.lines.map((l) => ({ importId, lineNo: l.lineNo, valueDate: l.valueDate, amountPaise: l.amountPaise, instrumentRef: l.instrumentRef, description: l.description, createdAt: now })))
        .returning({ id: statementLines.id, lineNo: statementLines.lineNo });
      const idOf = new Map(ids.map((r) => [r.lineNo, r.id]));
      let matched = 0;
      for (const line of parsed.lines) if (await tryMatch(tx, idOf.get(line.lineNo)!, line, staff, site, now)) matched++;
      await tx.update(statementImports).set({ matchedCount: matched }).where(eq(statementImports.id, importId));
      await audit(
        tx,
        auditActor(staff),
        { action: "statement.import", entityType: "statement", entityId: importId, entityLabel: fileName, before: null, after: { lines: parsed.lines.length, matched, skipped: parsed.skipped } },
        now,
      );
      return { ok: true as const, importId, repeated: false, lineCount: parsed.lines.length, matched };
    });
  } catch (error) {
    // The same file imported by someone else at this moment: theirs is the import.
    if (!isUniqueViolation(error)) throw error;
    const [first] = await getDb().select().from(statementImports).where(eq(statementImports.fileHash, hash));
    if (!first) throw error;
    return { ok: true, importId: first.id, repeated: true, lineCount: first.lineCount, matched: first.matchedCount };
  }
}

export type LineResult = { ok: true; message: string } | { ok: false; field: string; message: string };

/** A person matches an unmatched line to an invoice by its number: the whole line goes to that invoice. */
export async function matchLineByHand(staff: StaffMember, lineId: number, invoiceNumber: string, now = new Date()): Promise<LineResult> {
  const site = await getSiteSettings();
  const compact = invoiceNumber.toUpperCase().replace(/[^A-Z0-9]/g, "");
  try {
    return await getDb().transaction(async (tx): Promise<LineResult> => {
      const [line] = await tx.select().from(statementLines).where(eq(statementLines.id, lineId)).for("update");
      if (!line) throw new PaymentRefusal("form", "This statement line no longer exists: reload the page.");
      if (line.status !== "unmatched") throw new PaymentRefusal("form", `This line is already ${line.status}.`);
      const [invoice] = await invoicesByCompactNumber(tx, [compact]);
      if (!invoice) throw new PaymentRefusal("invoice", `No invoice has the number ${invoiceNumber}.`);
      if (!(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status)) throw new PaymentRefusal("invoice", `${invoice.number} is ${invoice.status.replace("_", " ")}: nothing is due on it.`);
      const due = amountDue(invoice);
      if (line.amountPaise > due) {
        throw new PaymentRefusal(
          "invoice",
          `This line (${formatPaise(line.amountPaise)}) is more than the ${formatPaise(due)} due on ${invoice.number}. Record it from "Record a payment" with the rest as an advance.`,
        );
      }
      const method = methodFor(line.instrumentRef);
      const existing = line.instrumentRef ? await paymentByInstrument(tx, method, line.instrumentRef) : undefined;
      if (existing) throw new PaymentRefusal("invoice", `This line's reference is already recorded as receipt ${existing.reference}.`, { reference: existing.reference });
      const made = await payInvoiceFromLine(tx, line, invoice, method, staff, site, now);
      await tx.update(statementLines).set({ status: "matched", invoiceId: invoice.id, paymentId: made.id, matchedBy: staff.userId }).where(eq(statementLines.id, line.id));
      await tx.update(statementImports).set({ matchedCount: sql`${statementImports.matchedCount} + 1` }).where(eq(statementImports.id, line.importId));
      await audit(tx, auditActor(staff), { action: "statement.match", entityType: "statement", entityId: line.importId, entityLabel: `line ${line.lineNo}`, before: { status: "unmatched" }, after: { status: "matched", invoice: invoice.number, receipt: made.reference } }, now);
      return { ok: true, message: `Line ${line.lineNo} matched to ${invoice.number}: receipt ${made.reference}.` };
    });
  } catch (error) {
    if (error instanceof PaymentRefusal) return { ok: false, field: error.field, message: error.message };
    if (isUniqueViolation(error)) return { ok: false, field: "invoice", message: "This line's reference was recorded meanwhile: reload the page." };
    throw error;
  }
}

/** A line that is not a customer's payment (interest, a refund, a transfer between own accounts). */
export async function ignoreLine(staff: StaffMember, lineId: number, now = new Date()): Promise<LineResult> {
  return getDb().transaction(async (tx): Promise<LineResult> => {
    const [line] = await tx.select().from(statementLines).where(eq(statementLines.id, lineId)).for("update");
    if (!line) return { ok: false, field: "form", message: "This statement line no longer exists: reload the page." };
    if (line.status !== "unmatched") return { ok: false, field: "form", message: `This line is already ${line.status}.` };
    await tx.update(statementLines).set({ status: "ignored", matchedBy: staff.userId }).where(eq(statementLines.id, line.id));
    await audit(tx, auditActor(staff), { action: "statement.ignore", entityType: "statement", entityId: line.importId, entityLabel: `line ${line.lineNo}`, before: { status: "unmatched" }, after: { status: "ignored" } }, now);
    return { ok: true, message: `Line ${line.lineNo} ignored.` };
  });
}

/** The page: the latest imports, and the lines still waiting for a person (oldest first). */
export async function reconciliationPage(limit = 200) {
  const db = getDb();
  const [imports, waiting] = await Promise.all([
    db
      .select({ id: statementImports.id, fileName: statementImports.fileName, lineCount: statementImports.lineCount, matchedCount: statementImports.matchedCount, createdAt: statementImports.createdAt, by: users.name })
      .from(statementImports)
      .leftJoin(users, eq(users.id, statementImports.importedBy))
      .orderBy(desc(statementImports.createdAt), desc(statementImports.id))
      .limit(10),
    db
      .select({ line: statementLines, fileName: statementImports.fileName })
      .from(statementLines)
      .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
      .where(eq(statementLines.status, "unmatched"))
      .orderBy(asc(statementLines.valueDate), asc(statementLines.id))
      .limit(limit),
  ]);
  const counts = await db.select({ n: sql<number>`count(*)::int` }).from(statementLines).where(eq(statementLines.status, "unmatched"));
  // Suggestions: open invoices whose amount due equals the line's amount (a person still decides).
  const amounts = [...new Set(waiting.map((w) => w.line.amountPaise))];
  const open = amounts.length
    ? await db
        .select({ id: invoices.id, number: invoices.number, totalPaise: invoices.totalPaise, paidPaise: invoices.paidPaise, creditedPaise: invoices.creditedPaise, customer: customers.name, company: customers.company })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(and(eq(invoices.kind, "invoice"), inArray(invoices.status, [...OPEN_INVOICE_STATUSES])))
    : [];
  const byAmount = new Map<number, Array<{ number: string; customer: string }>>();
  for (const i of open) {
    const due = amountDue(i);
    if (!amounts.includes(due)) continue;
    const list = byAmount.get(due) ?? [];
    if (list.length < 5) list.push({ number: i.number, customer: i.company ?? i.customer });
    byAmount.set(due, list);
  }
  return {
    imports: imports.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    unmatchedTotal: Number(counts[0]?.n ?? 0),
    lines: waiting.map(({ line, fileName }) => ({
      id: line.id,
      lineNo: line.lineNo,
      fileName,
      valueDate: line.valueDate,
      amountPaise: line.amountPaise,
      instrumentRef: line.instrumentRef,
      description: line.description,
      suggestions: byAmount.get(line.amountPaise) ?? [],
    })),
  };
}

/** One import's lines (after an upload: what was matched, what is left). */
export async function importSummary(importId: number) {
  const db = getDb();
  const [found] = await db.select().from(statementImports).where(eq(statementImports.id, importId));
  if (!found) return undefined;
  const lines = await db
    .select({ line: statementLines, invoice: invoices.number })
    .from(statementLines)
    .leftJoin(invoices, eq(invoices.id, statementLines.invoiceId))
    .where(eq(statementLines.importId, importId))
    .orderBy(asc(statementLines.lineNo));
  return {
    id: found.id,
    fileName: found.fileName,
    lineCount: found.lineCount,
    matchedCount: found.matchedCount,
    createdAt: found.createdAt.toISOString(),
    lines: lines.map(({ line, invoice }) => ({ id: line.id, lineNo: line.lineNo, valueDate: line.valueDate, amountPaise: line.amountPaise, instrumentRef: line.instrumentRef, description: line.description, status: line.status, invoice })),
  };
}
