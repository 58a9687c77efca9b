import { inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { siteSettings, type invoices } from "~/.server/db/schema.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { settingsGroupSchemas, type SiteSettings } from "~/lib/settings-schema.ts";

/** What the invoices code shares: the row type, the refusal, and the settings read inside a transaction. */

export type InvoiceRow = typeof invoices.$inferSelect;

/** A refusal with a message for a field of the form (or "form"): never a 500. */
export class InvoiceRefusal extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

type Executor = Pick<Database | Transaction, "select">;

/**
 * The settings an invoice prints (identity, business, operations), read through the caller's transaction:
 * getSiteSettings() refuses to run inside one (on PGlite it would wait for that very transaction). An invalid
 * stored group falls back to its default, as getSiteSettings does.
 */
export async function invoiceSettings(tx: Executor): Promise<Pick<SiteSettings, "identity" | "business" | "operations">> {
  const keys = ["identity", "business", "operations"] as const;
  const rows = await tx.select().from(siteSettings).where(inArray(siteSettings.key, [...keys]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const fallback = defaultSettings("http://localhost:3000");
  const parse = <K extends (typeof keys)[number]>(key: K): SiteSettings[K] => {
    const parsed = settingsGroupSchemas[key].safeParse(byKey.get(key));
    return (parsed.success ? parsed.data : fallback[key]) as SiteSettings[K];
  };
  return { identity: parse("identity"), business: parse("business"), operations: parse("operations") };
}

/** YYYY-MM-DD plus whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** What is still to pay: total - paid - credited, never below 0; nothing on a cancelled invoice or a credit note. */
export function amountDue(row: Pick<InvoiceRow, "kind" | "status" | "totalPaise" | "paidPaise" | "creditedPaise">): number {
  if (row.kind !== "invoice" || row.status === "cancelled") return 0;
  return Math.max(0, row.totalPaise - row.paidPaise - row.creditedPaise);
}

/** The status an invoice's paid and credited sums give it (payments keep paid_paise; credit notes credited_paise). */
export function statusFor(row: Pick<InvoiceRow, "totalPaise" | "paidPaise" | "creditedPaise">, fullyCredited: boolean): InvoiceRow["status"] {
  if (fullyCredited) return "cancelled";
  if (row.paidPaise + row.creditedPaise >= row.totalPaise) return "paid";
  return row.paidPaise > 0 ? "partly_paid" : "issued";
}
