import { sql } from "drizzle-orm";
import { z } from "zod";
import { bulkInsert, bulkUpdate, type Transaction } from "~/.server/db/index.ts";
import { nextReferences } from "~/.server/db/references.ts";
import { customers, customerSites, equipmentUnits } from "~/.server/db/schema.ts";
import { serialKey } from "~/.server/customers/units.ts";
import { indianMobile, optionalEmail, optionalText, requiredText } from "~/lib/forms/fields.ts";
import { optionalGstin } from "~/lib/forms/admin/customers.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";
import { chunks, ImportConflictError, same, tally, type CheckedRow, type Effect, type ImportKind, type RowProblem } from "./kind.ts";

/**
 * Customers with their sites and units. One row is a customer, and may name one of its sites and one unit
 * (several rows with the same mobile add several sites or units). Natural keys: the customer's mobile, as
 * every form normalises it (+91 and ten digits); a site's name within the customer (any case); a unit's
 * serial within the customer, compared as serialKey does (no spaces, one case). A blank cell leaves what is
 * stored as it is: an import adds and corrects, it never wipes a field.
 */

const MOBILE_MISSING = "Enter the customer's mobile number.";

const pincode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/\s+/g, "") : undefined))
  .pipe(z.string().regex(/^[1-9]\d{5}$/, "A PIN code has six digits, e.g. 502319.").optional());

/** A GST state code ("36") or the state's name as the settings list it ("Telangana"). */
const stateCode = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const code = /^\d{1,2}$/.test(v) ? v.padStart(2, "0") : Object.entries(GST_STATES).find(([, name]) => name.toLowerCase() === v.toLowerCase())?.[0];
    if (!code || GST_STATES[code] === undefined) {
      ctx.addIssue({ code: "custom", message: "Give the GST state code (36) or the state's name (Telangana)." });
      return z.NEVER;
    }
    return code;
  });

/** A site and a unit on a row: the fields the customers kind and the sites-and-units kind share. */
export const siteAndUnitFields = {
  siteName: optionalText(120),
  siteAddress: optionalText(300),
  siteCity: optionalText(80),
  sitePincode: pincode,
  siteStateCode: stateCode,
  unitKind: optionalText(60),
  unitMake: optionalText(80),
  unitModel: optionalText(80),
  unitRating: optionalText(80),
  unitSerial: optionalText(80),
  unitLocation: optionalText(120),
};

type SiteAndUnit = z.output<z.ZodObject<typeof siteAndUnitFields>>;

/** Site details name their site; a unit has its make and its serial (how it is found again). */
export function refineSiteAndUnit(r: SiteAndUnit, ctx: z.RefinementCtx): void {
  const site = r.siteAddress ?? r.siteCity ?? r.sitePincode ?? r.siteStateCode;
  if (site !== undefined && !r.siteName) ctx.addIssue({ code: "custom", path: ["siteName"], message: "Name the site these site details belong to." });
  const unit = r.unitKind ?? r.unitMake ?? r.unitModel ?? r.unitRating ?? r.unitSerial ?? r.unitLocation;
  if (unit !== undefined && !r.unitMake) ctx.addIssue({ code: "custom", path: ["unitMake"], message: "Give the unit's make, e.g. ABB." });
  if (unit !== undefined && !r.unitSerial) ctx.addIssue({ code: "custom", path: ["unitSerial"], message: "Give the unit's serial number: it is how the unit is found again." });
}

export const customerMobile = z.string(MOBILE_MISSING).trim().min(1, MOBILE_MISSING).pipe(indianMobile);

const rowSchema = z
  .object({
    mobile: customerMobile,
    name: requiredText("Enter the customer's name.", 120),
    company: optionalText(160),
    email: optionalEmail,
    gstin: optionalGstin,
    billingAddress: optionalText(300),
    billingCity: optionalText(80),
    billingPincode: pincode,
    ...siteAndUnitFields,
  })
  .superRefine(refineSiteAndUnit);

export type CustomerRow = z.output<typeof rowSchema>;
/** A row as the upsert reads it: a sites-and-units row has no customer fields. */
export type UpsertRow = SiteAndUnit & { mobile: string } & Partial<Pick<CustomerRow, (typeof CUSTOMER_FIELDS)[number]>>;

const CUSTOMER_FIELDS = ["name", "company", "email", "gstin", "billingAddress", "billingCity", "billingPincode"] as const;
const SITE_FIELDS = { siteAddress: "address", siteCity: "city", sitePincode: "pincode", siteStateCode: "stateCode" } as const;
const UNIT_FIELDS = { unitKind: "kind", unitMake: "make", unitModel: "model", unitRating: "rating", unitSerial: "serialNumber", unitLocation: "location" } as const;

type Fields = Record<string, string>;
type SitePlan = { name: string; fields: Fields };
type UnitPlan = { fields: Fields; siteKey: string | undefined };
interface CustomerPlan {
  mobile: string;
  fields: Fields;
  sites: Map<string, SitePlan>;
  units: Map<string, UnitPlan>;
}

/**
 * Keys per read of existing records: few large reads, each one JSON parameter, so that each table is scanned or
 * probed a handful of times rather than once per 5,000 keys.
 */
const READ_CHUNK = 50_000;

const siteKeyOf = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** The values a row gives for some fields (blank ones left out), renamed to the table's columns. */
function pick<K extends string>(row: Record<string, unknown>, fields: Readonly<Record<K, string>> | readonly K[]): Fields {
  const pairs: Array<[string, string]> = Array.isArray(fields) ? fields.map((f) => [f, f]) : Object.entries(fields);
  const out: Fields = {};
  for (const [from, to] of pairs) {
    const v = row[from];
    if (typeof v === "string" && v) out[to] = v;
  }
  return out;
}

/** Rows merged by mobile: the same customer, its sites by name, its units by serial. */
function plan(rows: CheckedRow<UpsertRow>[]): Map<string, CustomerPlan> {
  const out = new Map<string, CustomerPlan>();
  for (const { row } of rows) {
    const c = out.get(row.mobile) ?? { mobile: row.mobile, fields: {}, sites: new Map(), units: new Map() };
    Object.assign(c.fields, pick(row, CUSTOMER_FIELDS));
    let siteKey: string | undefined;
    if (row.siteName) {
      siteKey = siteKeyOf(row.siteName);
      const site = c.sites.get(siteKey) ?? { name: row.siteName, fields: {} };
      Object.assign(site.fields, pick(row, SITE_FIELDS));
      c.sites.set(siteKey, site);
    }
    if (row.unitSerial) c.units.set(serialKey(row.unitSerial), { fields: pick(row, UNIT_FIELDS), siteKey });
    out.set(row.mobile, c);
  }
  return out;
}

/** Two rows for one mobile that disagree (another name), or that repeat a unit's serial, are refused. */
export function crossCheck(rows: CheckedRow<UpsertRow>[]): RowProblem[] {
  const problems: RowProblem[] = [];
  const first = new Map<string, CheckedRow<UpsertRow>>();
  const serials = new Map<string, number>();
  for (const r of rows) {
    const earlier = first.get(r.row.mobile);
    if (!earlier) first.set(r.row.mobile, r);
    else {
      for (const field of CUSTOMER_FIELDS) {
        const a = earlier.row[field];
        const b = r.row[field];
        if (a && b && a !== b) problems.push({ line: r.line, field, message: `Line ${earlier.line} has the same mobile with another value here: one customer, one value.` });
      }
    }
    if (r.row.unitSerial) {
      const key = `${r.row.mobile}|${serialKey(r.row.unitSerial)}`;
      const line = serials.get(key);
      if (line !== undefined) problems.push({ line: r.line, field: "unitSerial", message: `Line ${line} has this customer's unit with the same serial number.` });
      else serials.set(key, r.line);
    }
  }
  return problems;
}

type CustomerRecord = typeof customers.$inferSelect;
type SiteRecord = typeof customerSites.$inferSelect;
type UnitRecord = typeof equipmentUnits.$inferSelect;

/** The fields that differ from what is stored: before and after, or null when nothing does. */
function diff(stored: Record<string, unknown>, wanted: Fields): { before: Record<string, unknown>; after: Fields } | null {
  const before: Record<string, unknown> = {};
  const after: Fields = {};
  for (const [k, v] of Object.entries(wanted)) {
    if (!same(stored[k], v)) {
      before[k] = stored[k] ?? null;
      after[k] = v;
    }
  }
  return Object.keys(after).length ? { before, after } : null;
}

/**
 * Customers, their sites and their units by natural key. `createCustomers` false (the sites-and-units kind):
 * every mobile must be a stored customer, and one that is gone stops the import.
 */
export async function upsertCustomers(tx: Transaction, rows: CheckedRow<UpsertRow>[], now: Date, createCustomers = true) {
  const plans = plan(rows);
  const effects: Effect[] = [];
  const counts: Record<string, number> = {};
  const mobiles = [...plans.keys()];

  // Customers already there, by mobile; locked, so that an edit on their page waits for this import.
  const existing = new Map<string, CustomerRecord>();
  for (const part of chunks(mobiles, READ_CHUNK)) {
    for (const c of await tx.select().from(customers).where(sql`${customers.mobile} in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`).for("update")) existing.set(c.mobile!, c);
  }

  // New customers: their references in one statement, inserted in chunks; ON CONFLICT (mobile) DO NOTHING, and
  // a number someone else added meanwhile stops the import rather than being overwritten unseen.
  const fresh = mobiles.filter((m) => !existing.has(m));
  if (fresh.length && !createCustomers) throw new ImportConflictError(`No customer has the mobile ${fresh[0]} any more: run the dry run again.`);
  const ids = new Map<string, number>();
  if (fresh.length) {
    const references = await nextReferences(tx, "CU", fresh.length, now);
    for (const [i, part] of chunks(fresh).entries()) {
      const made = await bulkInsert(
        tx,
        customers,
        part.map((mobile, j) => {
          const f = plans.get(mobile)!.fields;
          return { reference: references[i * 5_000 + j]!, mobile, name: f.name!, company: f.company ?? null, email: f.email ?? null, gstin: f.gstin ?? null, billingAddress: f.billingAddress ?? null, billingCity: f.billingCity ?? null, billingPincode: f.billingPincode ?? null, version: 1, createdAt: now, updatedAt: now };
        }),
        { onConflictDoNothing: customers.mobile, returning: { id: customers.id, mobile: customers.mobile } },
      );
      if (made.length !== part.length) throw new ImportConflictError("A customer with one of these mobile numbers was added while the import ran. Run the dry run again.");
      for (const m of made) ids.set(m.mobile!, m.id);
    }
    // Someone who already signed in to the portal with the number gets their account linked, as createCustomer does.
    for (const part of chunks([...ids.values()])) {
      await tx.execute(sql`
        update ${customers} c set user_id = u.id from users u
        where c.id in (select (jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))::int) and u.mobile = c.mobile and 'customer' = any(u.roles)
          and not exists (select 1 from ${customers} other where other.user_id = u.id)`);
    }
  }
  const freshIds = new Set(ids.values());
  for (const c of existing.values()) ids.set(c.mobile!, c.id);

  // Sites and units of the customers the file names, by their keys.
  const sites = new Map<string, SiteRecord>();
  const units = new Map<string, UnitRecord>();
  const existingIds = [...existing.values()].map((c) => c.id);
  for (const part of chunks(existingIds, READ_CHUNK)) {
    const ids = sql`(select (jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))::int)`;
    for (const s of await tx.select().from(customerSites).where(sql`${customerSites.customerId} in ${ids}`)) sites.set(`${s.customerId}|${siteKeyOf(s.name)}`, s);
    for (const u of await tx.select().from(equipmentUnits).where(sql`${equipmentUnits.customerId} in ${ids}`).orderBy(equipmentUnits.id)) {
      const key = `${u.customerId}|${serialKey(u.serialNumber)}`;
      if (serialKey(u.serialNumber) && !units.has(key)) units.set(key, u);
    }
  }

  const touched = new Set<number>();
  const customerUpdates: Array<{ id: number } & Record<string, unknown>> = [];
  for (const [mobile, p] of plans) {
    const id = ids.get(mobile)!;
    const stored = existing.get(mobile);
    if (!stored) {
      tally(counts, "customer", "created");
      effects.push({ entity: "customer", entityId: id, effect: "created", before: null, versionAfter: 1 });
      continue;
    }
    const change = diff(stored, p.fields);
    if (change) {
      touched.add(id);
      const row: { id: number } & Record<string, unknown> = { id };
      for (const f of CUSTOMER_FIELDS) row[f] = change.after[f] ?? stored[f] ?? null;
      customerUpdates.push(row);
      effects.push({ entity: "customer", entityId: id, effect: "updated", before: change.before, versionAfter: stored.version + 1 });
    }
  }

  // Sites: new ones inserted, changed ones updated, in one statement each.
  const siteIds = new Map<string, number>();
  const newSites: Array<typeof customerSites.$inferInsert> = [];
  const siteUpdates: Array<{ id: number; address: string | null; city: string | null; pincode: string | null; stateCode: string | null }> = [];
  for (const [mobile, p] of plans) {
    const customerId = ids.get(mobile)!;
    for (const [key, site] of p.sites) {
      const stored = sites.get(`${customerId}|${key}`);
      if (!stored) {
        newSites.push({ customerId, name: site.name, address: site.fields.address ?? null, city: site.fields.city ?? null, pincode: site.fields.pincode ?? null, stateCode: site.fields.stateCode ?? null, createdAt: now });
        if (existing.has(mobile)) touched.add(customerId);
        continue;
      }
      const change = diff(stored, site.fields);
      if (!change) {
        tally(counts, "site", "unchanged");
        continue;
      }
      touched.add(customerId);
      tally(counts, "site", "updated");
      siteUpdates.push({ id: stored.id, address: change.after.address ?? stored.address, city: change.after.city ?? stored.city, pincode: change.after.pincode ?? stored.pincode, stateCode: change.after.stateCode ?? stored.stateCode });
      effects.push({ entity: "site", entityId: stored.id, effect: "updated", before: change.before, versionAfter: null });
    }
  }
  for (const part of chunks(newSites)) {
    for (const made of await bulkInsert(tx, customerSites, part, { returning: { id: customerSites.id, customerId: customerSites.customerId, name: customerSites.name } })) {
      siteIds.set(`${made.customerId}|${siteKeyOf(made.name)}`, made.id);
      // A site of a customer this import creates goes with it (ON DELETE CASCADE): only the others are listed.
      if (!freshIds.has(made.customerId)) effects.push({ entity: "site", entityId: made.id, effect: "created", before: null, versionAfter: null });
    }
  }
  tally(counts, "site", "created", newSites.length);
  for (const part of chunks(siteUpdates)) await bulkUpdate(tx, customerSites, part);
  for (const [key, site] of sites) siteIds.set(key, site.id);

  // Units, by serial within the customer; a unit's site is the site named on its row.
  const newUnits: Array<typeof equipmentUnits.$inferInsert> = [];
  const unitUpdates: Array<{ id: number } & Record<string, string | number | null>> = [];
  for (const [mobile, p] of plans) {
    const customerId = ids.get(mobile)!;
    for (const [key, unit] of p.units) {
      const siteId = unit.siteKey ? siteIds.get(`${customerId}|${unit.siteKey}`) : undefined;
      const wanted: Record<string, string | number> = { ...unit.fields, ...(siteId ? { siteId } : {}) };
      const stored = units.get(`${customerId}|${key}`);
      if (!stored) {
        newUnits.push({ customerId, siteId: siteId ?? null, kind: unit.fields.kind ?? null, make: unit.fields.make!, model: unit.fields.model ?? null, rating: unit.fields.rating ?? null, serialNumber: unit.fields.serialNumber ?? null, location: unit.fields.location ?? null, createdAt: now });
        if (existing.has(mobile)) touched.add(customerId);
        continue;
      }
      // The serial as typed may differ in case or spaces from the stored one: the same unit, kept as stored.
      delete wanted.serialNumber;
      const before: Record<string, unknown> = {};
      const after: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(wanted)) {
        const s = (stored as Record<string, unknown>)[k];
        if (!same(s, v)) {
          before[k] = s ?? null;
          after[k] = v;
        }
      }
      if (Object.keys(after).length === 0) {
        tally(counts, "unit", "unchanged");
        continue;
      }
      touched.add(customerId);
      tally(counts, "unit", "updated");
      unitUpdates.push({ id: stored.id, siteId: stored.siteId, kind: stored.kind, make: stored.make, model: stored.model, rating: stored.rating, location: stored.location, ...after });
      effects.push({ entity: "unit", entityId: stored.id, effect: "updated", before, versionAfter: null });
    }
  }
  for (const part of chunks(newUnits)) {
    for (const made of await bulkInsert(tx, equipmentUnits, part, { returning: { id: equipmentUnits.id, customerId: equipmentUnits.customerId } })) {
      if (!freshIds.has(made.customerId)) effects.push({ entity: "unit", entityId: made.id, effect: "created", before: null, versionAfter: null });
    }
  }
  tally(counts, "unit", "created", newUnits.length);
  for (const part of chunks(unitUpdates)) await bulkUpdate(tx, equipmentUnits, part);

  // Every existing customer whose details, sites or units changed: its version moves on (a form drawn
  // before the import is refused, never applied over it), recorded so undo can tell a later edit.
  const detailIds = new Set(customerUpdates.map((u) => u.id));
  for (const c of existing.values()) {
    if (!touched.has(c.id)) {
      tally(counts, "customer", "unchanged");
      continue;
    }
    tally(counts, "customer", "updated");
    if (!detailIds.has(c.id)) {
      const row: { id: number } & Record<string, unknown> = { id: c.id };
      for (const f of CUSTOMER_FIELDS) row[f] = c[f];
      customerUpdates.push(row);
      effects.push({ entity: "customer", entityId: c.id, effect: "updated", before: {}, versionAfter: c.version + 1 });
    }
  }
  for (const part of chunks(customerUpdates)) {
    await bulkUpdate(tx, customers, part, { computed: { version: sql`${customers}.version + 1`, updatedAt: sql`${now.toISOString()}::timestamptz` } });
  }
  return { effects, counts };
}

export const CUSTOMER_RECORDS = { customer: "Customers", site: "Sites", unit: "Units" } as const;

/** The tables the customers and the sites-and-units kinds write, children first (undo removes them in this order). */
export const CUSTOMER_ENTITIES: ImportKind["entities"] = [
  { entity: "unit", table: equipmentUnits, noun: "unit", labelColumn: "serial_number", versioned: false },
  { entity: "site", table: customerSites, noun: "site", labelColumn: "name", versioned: false },
  { entity: "customer", table: customers, noun: "customer", labelColumn: "reference", versioned: true },
];

/** The site and unit columns, shared with the sites-and-units kind. */
export const SITE_AND_UNIT_COLUMNS: ImportKind["columns"] = [
    { field: "siteName", label: "Site name", aliases: ["Site", "Plant"] },
    { field: "siteAddress", label: "Site address" },
    { field: "siteCity", label: "Site city" },
    { field: "sitePincode", label: "Site PIN code", aliases: ["Site pincode"] },
    { field: "siteStateCode", label: "Site state", aliases: ["Site state code", "State"] },
    { field: "unitKind", label: "Unit kind", aliases: ["Equipment kind", "Equipment type"] },
    { field: "unitMake", label: "Unit make", aliases: ["Make"] },
    { field: "unitModel", label: "Unit model", aliases: ["Model"] },
    { field: "unitRating", label: "Unit rating", aliases: ["Rating"] },
    { field: "unitSerial", label: "Unit serial number", aliases: ["Serial number", "Serial", "Serial no", "Unit serial"] },
    { field: "unitLocation", label: "Unit location", aliases: ["Location"] },
];

export const customersKind: ImportKind<CustomerRow> = {
  name: "customers",
  label: "Customers, with their sites and units",
  columns: [
    { field: "mobile", label: "Mobile", required: true, aliases: ["Mobile number", "Phone", "Mobile no", "Contact number"] },
    { field: "name", label: "Name", required: true, aliases: ["Customer name", "Contact name"] },
    { field: "company", label: "Company", aliases: ["Company name", "Firm"] },
    { field: "email", label: "E-mail", aliases: ["Email address", "Mail"] },
    { field: "gstin", label: "GSTIN", aliases: ["GST number", "GST no"] },
    { field: "billingAddress", label: "Billing address", aliases: ["Address"] },
    { field: "billingCity", label: "Billing city", aliases: ["City"] },
    { field: "billingPincode", label: "Billing PIN code", aliases: ["Pincode", "PIN code", "PIN"] },
    ...SITE_AND_UNIT_COLUMNS,
  ],
  row: rowSchema,
  crossCheck,
  records: CUSTOMER_RECORDS,
  entities: CUSTOMER_ENTITIES,
  upsert: (tx, rows, now) => upsertCustomers(tx, rows, now),
};
