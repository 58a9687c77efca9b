import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { referenceCounters } from "~/.server/db/schema.ts";

/**
 * Invoice and credit note numbers (CGST rule 46(b)): a consecutive serial per series and financial year,
 * INV/2026-27/0001 and CN/2026-27/0001, unique for the year. The financial year runs 1 April - 31 March by
 * India's calendar.
 *
 * The serial comes from reference_counters (key "INV/2026-27") by one `insert ... on conflict do update ...
 * returning`, inside the issuing transaction. The counter's row stays locked until that transaction ends, so
 * two issues never take the same serial; and a transaction that rolls back (a refused issue, a lost race for
 * a quote's one invoice) rolls the counter back with it, so no serial is ever skipped. The unique index
 * invoices_series_serial backs this up.
 *
 * Keep the work between taking the number and committing short: every other issue waits on the row.
 */

/** Refund vouchers (money paid back out of a customer's credit, ../payments/credit.ts) share the scheme: RV/2026-27/0001. */
export const SERIES = { invoice: "INV", credit_note: "CN", refund: "RV" } as const;
export type DocumentKind = keyof typeof SERIES;

type Executor = Pick<Database | Transaction, "insert">;

/** "2026-11-20" -> "2026-27"; "2027-03-31" -> "2026-27"; "2027-04-01" -> "2027-28". */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Rule 46(b): a serial number of at most 16 characters. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * INV/2026-27/0001. The full year leaves an invoice four digits (INV/2026-27/9999 is 16 characters): past
 * 9,999 in a year the year is written short, INV/26-27/10000 (15), which leaves room for 999,999 invoices.
 * The series and the serial stay the same (the serial column orders them), only the printed year shortens.
 */
export function formatDocumentNumber(kind: DocumentKind, financialYear: string, serial: number): string {
  const digits = String(serial).padStart(4, "0");
  const full = `${SERIES[kind]}/${financialYear}/${digits}`;
  if (full.length <= MAX_DOCUMENT_NUMBER_LENGTH) return full;
  const short = `${SERIES[kind]}/${financialYear.slice(2)}/${digits}`;
  if (short.length <= MAX_DOCUMENT_NUMBER_LENGTH) return short;
  throw new RangeError(`${SERIES[kind]} serial ${serial} for ${financialYear} does not fit in the ${MAX_DOCUMENT_NUMBER_LENGTH} characters rule 46 allows`);
}

export interface DocumentNumber {
  number: string;
  financialYear: string;
  serial: number;
}

/** Takes the next serial of the kind's series for the financial year of issueDate (YYYY-MM-DD, India). */
export async function nextDocumentNumber(tx: Executor, kind: DocumentKind, issueDate: string): Promise<DocumentNumber> {
  const financialYear = financialYearOf(issueDate);
  const key = `${SERIES[kind]}/${financialYear}`;
  const [row] = await tx
    .insert(referenceCounters)
    .values({ prefix: key, value: 1 })
    .onConflictDoUpdate({ target: referenceCounters.prefix, set: { value: sql`${referenceCounters.value} + 1` } })
    .returning({ value: referenceCounters.value });
  const serial = row!.value;
  return { number: formatDocumentNumber(kind, financialYear, serial), financialYear, serial };
}
