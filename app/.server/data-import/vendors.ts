import { sql } from "drizzle-orm";
import { z } from "zod";
import { bulkInsert, bulkUpdate, type Transaction } from "~/.server/db/index.ts";
import { vendors } from "~/.server/db/schema.ts";
import { optionalPhone, type VendorContactInput } from "~/lib/forms/admin/vendors.ts";
import { optionalEmail, optionalPincode, optionalText, requiredText } from "~/lib/forms/fields.ts";
import { GST_STATES, gstinSchema } from "~/lib/settings-schema.ts";
import { chunks, ImportConflictError, oneRowPerKey, same, tally, type CheckedRow, type Effect, type ImportKind } from "./kind.ts";

/**
 * Vendors (suppliers, issue 19 §5 and §7), keyed by their GSTIN: checked as the vendor form checks it (format and
 * check character, a GST state code first) and unique, as the vendors_gstin index keeps it. A vendor without a
 * GSTIN (unregistered, its bills carry no GST) is keyed by its name among the vendors without one. The state comes
 * from the GSTIN; a State column that names another state is the row's error. One contact per row (name, phone,
 * e-mail): added to the vendor's contacts unless one of that name is there already.
 */

const STATE_BY_NAME = new Map(Object.entries(GST_STATES).map(([code, name]) => [name.toLowerCase(), code]));

const stateField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const code = GST_STATES[v.padStart(2, "0")] ? v.padStart(2, "0") : STATE_BY_NAME.get(v.toLowerCase());
    if (!code) {
      ctx.addIssue({ code: "custom", message: "Give the state's name or its GST code, e.g. Telangana or 36." });
      return z.NEVER;
    }
    return code;
  });

const rowSchema = z
  .object({
    name: requiredText("Name the vendor, e.g. Deccan Automation Supplies.", 160),
    gstin: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(gstinSchema.optional()),
    contactName: optionalText(120),
    contactPhone: optionalPhone,
    contactEmail: optionalEmail,
    address: optionalText(300),
    city: optionalText(80),
    pincode: optionalPincode,
    state: stateField,
  })
  .superRefine((v, ctx) => {
    if (v.gstin && !GST_STATES[v.gstin.slice(0, 2)]) ctx.addIssue({ code: "custom", path: ["gstin"], message: "This GSTIN does not start with a GST state code." });
    else if (v.gstin && v.state && v.state !== v.gstin.slice(0, 2)) {
      ctx.addIssue({ code: "custom", path: ["state"], message: `The GSTIN is registered in ${GST_STATES[v.gstin.slice(0, 2)]}: leave the state blank or give that one.` });
    }
    if (!v.contactName && (v.contactPhone || v.contactEmail)) ctx.addIssue({ code: "custom", path: ["contactName"], message: "Name the person with this phone or e-mail." });
  });

export type VendorRow = z.output<typeof rowSchema>;

/** The vendor's natural key: its GSTIN, else its name (any case) among vendors without one. */
const keyOf = (row: VendorRow) => (row.gstin ? `gstin:${row.gstin}` : `name:${row.name.trim().toLowerCase()}`);

const crossCheck = oneRowPerKey<VendorRow>(
  keyOf,
  (row) => (row.gstin ? "gstin" : "name"),
  (first, row) => `Line ${first} has the same ${row.gstin ? "GSTIN" : "vendor (no GSTIN)"}: one row per vendor.`,
);

const FIELDS = ["name", "stateCode", "address", "city", "pincode", "contacts"] as const;
type Vendor = typeof vendors.$inferSelect;

function wanted(row: VendorRow, stored: Vendor | undefined): Partial<Record<(typeof FIELDS)[number], unknown>> {
  const out: Partial<Record<(typeof FIELDS)[number], unknown>> = { name: row.name };
  const state = row.gstin ? row.gstin.slice(0, 2) : row.state;
  if (state) out.stateCode = state;
  if (row.address) out.address = row.address;
  if (row.city) out.city = row.city;
  if (row.pincode) out.pincode = row.pincode;
  const contacts = stored?.contacts ?? [];
  if (row.contactName && !contacts.some((c) => c.name.trim().toLowerCase() === row.contactName!.trim().toLowerCase())) {
    const contact: VendorContactInput = { name: row.contactName, phone: row.contactPhone ?? null, email: row.contactEmail ?? null };
    out.contacts = [...contacts, contact];
  }
  return out;
}

async function upsert(tx: Transaction, rows: CheckedRow<VendorRow>[], now: Date) {
  const effects: Effect[] = [];
  const counts: Record<string, number> = {};
  const gstins = rows.flatMap((r) => (r.row.gstin ? [r.row.gstin] : []));
  const names = rows.flatMap((r) => (r.row.gstin ? [] : [r.row.name.trim().toLowerCase()]));
  const existing = new Map<string, Vendor>();
  for (const part of chunks(gstins)) {
    const found = await tx.select().from(vendors).where(sql`${vendors.gstin} in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`).for("update");
    for (const v of found) existing.set(`gstin:${v.gstin}`, v);
  }
  for (const part of chunks(names)) {
    const found = await tx
      .select()
      .from(vendors)
      .where(sql`${vendors.gstin} is null and lower(trim(${vendors.name})) in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`)
      .for("update");
    for (const v of found) {
      const key = `name:${v.name.trim().toLowerCase()}`;
      if (existing.has(key)) throw new ImportConflictError(`Two vendors without a GSTIN are called ${v.name} already: rename one on /admin/vendors first.`);
      existing.set(key, v);
    }
  }
  const fresh: Array<typeof vendors.$inferInsert> = [];
  const updates: Array<{ id: number } & Record<string, unknown>> = [];
  for (const { row } of rows) {
    const stored = existing.get(keyOf(row));
    const w = wanted(row, stored);
    if (!stored) {
      fresh.push({ name: row.name, gstin: row.gstin ?? null, stateCode: (w.stateCode as string | undefined) ?? null, address: row.address ?? null, city: row.city ?? null, pincode: row.pincode ?? null, contacts: (w.contacts as VendorContactInput[] | undefined) ?? [], version: 1, createdAt: now, updatedAt: now });
      continue;
    }
    const before: Record<string, unknown> = {};
    const next: { id: number } & Record<string, unknown> = { id: stored.id };
    for (const f of FIELDS) {
      next[f] = stored[f];
      const changed = f === "contacts" ? w.contacts !== undefined : w[f] !== undefined && !same(stored[f], w[f]);
      if (changed) {
        before[f] = stored[f];
        next[f] = w[f];
      }
    }
    if (Object.keys(before).length === 0) {
      tally(counts, "vendor", "unchanged");
      continue;
    }
    tally(counts, "vendor", "updated");
    updates.push(next);
    effects.push({ entity: "vendor", entityId: stored.id, effect: "updated", before, versionAfter: stored.version + 1 });
  }
  for (const part of chunks(fresh)) {
    for (const made of await bulkInsert(tx, vendors, part, { returning: { id: vendors.id } })) effects.push({ entity: "vendor", entityId: made.id, effect: "created", before: null, versionAfter: 1 });
  }
  tally(counts, "vendor", "created", fresh.length);
  for (const part of chunks(updates)) await bulkUpdate(tx, vendors, part, { computed: { version: sql`${vendors}.version + 1`, updatedAt: sql`${now.toISOString()}::timestamptz` } });
  return { effects, counts };
}

export const vendorsKind: ImportKind<VendorRow> = {
  name: "vendors",
  label: "Vendors (suppliers)",
  columns: [
    { field: "name", label: "Name", required: true, aliases: ["Vendor", "Vendor name", "Supplier", "Supplier name"] },
    { field: "gstin", label: "GSTIN", aliases: ["GST number", "GST no", "GSTIN/UIN"] },
    { field: "contactName", label: "Contact", aliases: ["Contact name", "Contact person"] },
    { field: "contactPhone", label: "Phone", aliases: ["Contact phone", "Mobile", "Phone number"] },
    { field: "contactEmail", label: "E-mail", aliases: ["Email", "Contact email"] },
    { field: "address", label: "Address" },
    { field: "city", label: "City" },
    { field: "pincode", label: "PIN code", aliases: ["Pincode", "PIN", "Postal code"] },
    { field: "state", label: "State", aliases: ["State code", "Place of supply"] },
  ],
  row: rowSchema as unknown as z.ZodType<VendorRow>,
  crossCheck,
  records: { vendor: "Vendors" },
  entities: [{ entity: "vendor", table: vendors, noun: "vendor", labelColumn: "name", versioned: true }],
  upsert,
};
