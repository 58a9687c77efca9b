import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { optionalEmail, optionalPincode, optionalText, requiredText } from "~/lib/forms/fields.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { lineItemSchema, rupeesField } from "~/lib/money/gst.ts";
import { GST_STATES, gstinSchema } from "~/lib/settings-schema.ts";

/**
 * The vendors screens' forms and filters (/admin/vendors, /admin/vendors/new, /admin/vendors/{id}): one schema
 * per form, shared by the server (parseForm, parseListQuery) and the browser. A vendor's GSTIN is checked as the
 * business's own is (its check character); its state is the GSTIN's first two digits. Rupees typed by staff
 * become integer paise here.
 */

export const STALE_VENDOR_MESSAGE = changedMeanwhile("vendor");

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const VENDOR_FILTERS = [
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
] as const;
export type VendorFilter = (typeof VENDOR_FILTERS)[number]["value"];

export const vendorListSchema = z.object({
  show: z.enum(VENDOR_FILTERS.map((f) => f.value)).default("active"),
  /** A name, GSTIN or city. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type VendorListFilters = z.output<typeof vendorListSchema>;

// ── The vendor's details (add and edit) ─────────────────────────────────────────────────────────

/** Contact rows on the form: the ones on record and one empty row, up to this many. */
export const MAX_CONTACTS = 8;

/** A phone number as typed (mobile or landline, with or without +91) -> +91 and ten digits. */
export const optionalPhone = z
  .string()
  .trim()
  .max(30, "Enter a phone number, e.g. 98480 12345 or 040 2345 6789.")
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const phone = parsePhoneNumberFromString(value, "IN");
    if (!phone?.isValid()) {
      ctx.addIssue({ code: "custom", message: "Enter a phone number, e.g. 98480 12345 or 040 2345 6789." });
      return z.NEVER;
    }
    return phone.number;
  });

const contactFields = Object.fromEntries(
  Array.from({ length: MAX_CONTACTS }, (_, i) => [
    [`contact${i}Name`, optionalText(120)],
    [`contact${i}Phone`, optionalPhone],
    [`contact${i}Email`, optionalEmail],
  ]).flat(),
) as Record<string, z.ZodType<string | undefined, unknown>>;

const optionalGstin = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(gstinSchema.optional());

const stateCodeField = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().refine((v) => Boolean(GST_STATES[v]), "Choose the state from the list.").optional());

const wholeDays = (max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!/^\d{1,4}$/.test(v) || Number(v) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(v);
    });

export type VendorContactInput = { name: string; phone: string | null; email: string | null };

const vendorFields = {
  name: requiredText("Name the vendor, e.g. Deccan Automation Supplies.", 160),
  gstin: optionalGstin,
  stateCode: stateCodeField,
  address: optionalText(300),
  city: optionalText(80),
  pincode: optionalPincode,
  paymentTermsDays: wholeDays(365, "Enter the days to pay in, from 0 to 365."),
  notes: optionalText(2000),
  ...contactFields,
};

type VendorFieldsOut = {
  name: string;
  gstin?: string;
  stateCode?: string;
  address?: string;
  city?: string;
  pincode?: string;
  paymentTermsDays?: number;
  notes?: string;
} & Record<string, string | number | undefined>;

/** The typed vendor: the state from the GSTIN when there is one, the contact rows with a name as a list. */
export type VendorInput = {
  name: string;
  gstin: string | null;
  stateCode: string | null;
  address: string | null;
  city: string | null;
  pincode: string | null;
  paymentTermsDays: number;
  notes: string | null;
  contacts: VendorContactInput[];
};

function toVendor(v: VendorFieldsOut, ctx: z.RefinementCtx): VendorInput {
  const contacts: VendorContactInput[] = [];
  for (let i = 0; i < MAX_CONTACTS; i++) {
    const name = v[`contact${i}Name`] as string | undefined;
    const phone = (v[`contact${i}Phone`] as string | undefined) ?? null;
    const email = (v[`contact${i}Email`] as string | undefined) ?? null;
    if (name) contacts.push({ name, phone, email });
    else if (phone || email) ctx.addIssue({ code: "custom", path: [`contact${i}Name`], message: "Name the person with this phone or e-mail (or clear the row)." });
  }
  const stateCode = v.gstin ? v.gstin.slice(0, 2) : (v.stateCode ?? null);
  if (v.gstin && !GST_STATES[v.gstin.slice(0, 2)]) ctx.addIssue({ code: "custom", path: ["gstin"], message: "This GSTIN does not start with a GST state code." });
  return {
    name: v.name,
    gstin: v.gstin ?? null,
    stateCode,
    address: v.address ?? null,
    city: v.city ?? null,
    pincode: v.pincode ?? null,
    paymentTermsDays: v.paymentTermsDays ?? 30,
    notes: v.notes ?? null,
    contacts,
  };
}

export const newVendorSchema = z.object(vendorFields).transform((v, ctx) => toVendor(v as VendorFieldsOut, ctx));

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const editVendorSchema = z.object({ intent: z.literal("edit"), version, ...vendorFields }).transform((v, ctx) => ({ version: v.version, ...toVendor(v as VendorFieldsOut, ctx) }));
export type EditVendorInput = z.output<typeof editVendorSchema>;

/** Archive (no longer bought from) or restore: a button with the version it was drawn on. */
export const VENDOR_STATE_INTENTS = ["archive", "restore"] as const;
export type VendorStateIntent = (typeof VENDOR_STATE_INTENTS)[number];
export const vendorStateSchema = z.object({ intent: z.enum(VENDOR_STATE_INTENTS), version });

// ── The parts a vendor supplies ─────────────────────────────────────────────────────────────────

const id = (message: string) => z.coerce.number(message).int(message).min(1, message).max(2_147_483_647, message);

const partFields = {
  version,
  partNumber: optionalText(80),
  price: rupeesField("Enter their price per unit, in rupees", "Their price"),
  leadTimeDays: wholeDays(365, "Enter the lead time in days, from 0 to 365."),
};

export const addPartSchema = z.object({ intent: z.literal("part-add"), productId: id("Choose the product they supply."), ...partFields });
export const editPartSchema = z.object({ intent: z.literal("part-edit"), partId: id("Reload the page and try again."), ...partFields });
export const removePartSchema = z.object({ intent: z.literal("part-remove"), partId: id("Reload the page and try again."), version });
export type AddPartInput = z.output<typeof addPartSchema>;
export type EditPartInput = z.output<typeof editPartSchema>;

// ── A vendor's bill ──────────────────────────────────────────────────────────────────────────────

function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The GST rate as an invoice line checks it (0, 5, 18 or 40). */
const gstRateField = lineItemSchema.in.shape.gstRate;

export const billSchema = z.object({
  intent: z.literal("bill-add"),
  billNumber: requiredText("Enter the bill number as printed on the vendor's bill.", 40),
  billDate: z
    .string("Enter the date on the bill")
    .trim()
    .min(1, "Enter the date on the bill")
    .refine(isCalendarDay, "Enter the date as a day, e.g. 2026-11-24")
    .refine((v) => v <= todayInIndia(), "The bill's date cannot be in the future"),
  taxable: rupeesField("Enter the taxable value on the bill, in rupees", "The taxable value"),
  gstRate: gstRateField,
  notes: optionalText(500),
});
export type BillInput = z.output<typeof billSchema>;

export const removeBillSchema = z.object({ intent: z.literal("bill-remove"), billId: id("Reload the page and try again.") });

export const VENDOR_INTENTS = ["edit", ...VENDOR_STATE_INTENTS, "part-add", "part-edit", "part-remove", "bill-add", "bill-remove"] as const;
export type VendorIntent = (typeof VENDOR_INTENTS)[number];
export function isVendorIntent(v: unknown): v is VendorIntent {
  return (VENDOR_INTENTS as readonly unknown[]).includes(v);
}

/** The state a GST code stands for, "36 Telangana"; empty when there is none. */
export function stateLabel(code: string | null | undefined): string {
  return code && GST_STATES[code] ? `${code} ${GST_STATES[code]}` : "";
}
