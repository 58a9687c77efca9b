import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { indianMobile, optionalEmail, optionalText, requiredText } from "~/lib/forms/fields.ts";
import { GST_STATES, gstinSchema } from "~/lib/settings-schema.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The customer screens' forms and filters (/admin/customers, /admin/customers/new, /admin/customers/{reference}):
 * one schema per form, shared by the server (parseForm, parseListQuery) and the browser. Every form on the
 * record carries the customer's `version` (hidden): any change to the customer, its sites or its units bumps
 * it, so a form drawn before someone else's change is refused, and a form sent twice changes nothing twice.
 */

export const STALE_CUSTOMER_MESSAGE = changedMeanwhile("customer");
export const ERASED_CUSTOMER_MESSAGE = "This customer's personal data has been erased: the record can no longer be changed.";

/** CU-YYMM-NNNN, as the reference counters write it. */
export const CUSTOMER_REFERENCE_PATTERN = /^CU-\d{4}-\d{4,7}$/;

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const CUSTOMER_FILTERS = [
  { value: "active", label: "All customers" },
  { value: "open", label: "With open requests" },
  { value: "no-account", label: "Not signed in yet" },
  { value: "erased", label: "Erased" },
] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number]["value"];

export const customerListSchema = z.object({
  show: z.enum(CUSTOMER_FILTERS.map((f) => f.value)).default("active"),
  /** A mobile number, a name, a company, a GSTIN or a customer reference. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type CustomerListFilters = z.output<typeof customerListSchema>;

// ── Shared fields ────────────────────────────────────────────────────────────────────────────────

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

const rowId = (what: string) =>
  z
    .string(`This ${what} could not be found: reload the page.`)
    .regex(/^[1-9]\d{0,8}$/, `This ${what} could not be found: reload the page.`)
    .transform(Number);

/** Blank is "none"; anything typed must be a valid GSTIN (format and check character). */
export const optionalGstin = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(gstinSchema.optional());

const pincode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/\s+/g, "") : undefined))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{5}$/, "A PIN code has six digits, e.g. 502319.")
      .optional(),
  );

/** The site's GST state: blank is "not known" (the place of supply then comes from a GSTIN or is asked for). */
const stateCode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || GST_STATES[v] !== undefined, "Choose the state from the list.");

const MOBILE_MISSING = "Enter the customer's mobile number.";
const customerMobile = z.string(MOBILE_MISSING).trim().min(1, MOBILE_MISSING).pipe(indianMobile);

const detailFields = {
  name: requiredText("Enter the customer's name.", 120),
  company: optionalText(160),
  email: optionalEmail,
  gstin: optionalGstin,
};

const siteFields = {
  name: requiredText("Name the site, e.g. Patancheru plant.", 120),
  address: optionalText(300),
  city: optionalText(80),
  pincode,
  stateCode,
};

// ── The record's forms ───────────────────────────────────────────────────────────────────────────

export const BILLING_NEEDS_GSTIN = "A billing address goes with a GSTIN: enter the GSTIN, or leave the billing address empty.";

export const detailsSchema = z
  .object({
    intent: z.literal("details"),
    version,
    ...detailFields,
    /** The address registered with the GSTIN, printed on tax invoices instead of the site's. */
    billingAddress: optionalText(300),
    billingCity: optionalText(80),
    billingPincode: pincode,
    notes: optionalText(2000),
  })
  .superRefine((d, ctx) => {
    if ((d.billingAddress || d.billingCity || d.billingPincode) && !d.gstin) ctx.addIssue({ code: "custom", path: ["billingAddress"], message: BILLING_NEEDS_GSTIN });
  });

export const addSiteSchema = z.object({ intent: z.literal("add-site"), version, ...siteFields });
export const editSiteSchema = z.object({ intent: z.literal("edit-site"), version, siteId: rowId("site"), ...siteFields });
export const removeSiteSchema = z.object({ intent: z.literal("remove-site"), version, siteId: rowId("site") });

/** The unit's site: a site's id, or blank (the workshop, or not known). */
const unitSite = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, "Choose one of the customer's sites.")
      .transform(Number)
      .optional(),
  );

export const UNIT_KINDS = ["VFD", "Servo drive", "PLC", "HMI", "Soft starter", "DC drive", "Motor", "Power supply", "Other"] as const;

const unitFields = {
  siteId: unitSite,
  kind: optionalText(60),
  make: requiredText("Enter the make, e.g. ABB or Siemens.", 80),
  model: optionalText(120),
  rating: optionalText(80),
  serialNumber: optionalText(80),
  location: optionalText(160),
};

export const addUnitSchema = z.object({ intent: z.literal("add-unit"), version, ...unitFields });
export const editUnitSchema = z.object({ intent: z.literal("edit-unit"), version, unitId: rowId("unit"), ...unitFields });
export const removeUnitSchema = z.object({ intent: z.literal("remove-unit"), version, unitId: rowId("unit") });

export const DATA_REQUEST_KINDS = [
  { value: "export", label: "A copy of their data" },
  { value: "correction", label: "A correction" },
  { value: "erasure", label: "Erasure" },
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number]["value"];

export const dataRequestSchema = z.object({
  intent: z.literal("data-request"),
  version,
  kind: z.enum(["export", "correction", "erasure"], "Choose what the customer asked for."),
  detail: optionalText(1000),
});

export const closeDataRequestSchema = z.object({
  intent: z.literal("close-data-request"),
  version,
  dataRequestId: rowId("data request"),
  status: z.enum(["done", "declined"], "Choose done or declined."),
  resolution: requiredText("Write the answer the customer will read.", 1000),
});

/** Erasure is confirmed by typing the customer's reference: a slip of the mouse cannot erase anyone. */
export const eraseSchema = z.object({
  intent: z.literal("erase"),
  version,
  confirm: z.string("Type the customer's reference to confirm.").trim().toUpperCase().min(1, "Type the customer's reference to confirm."),
  reason: requiredText("Say why, e.g. the customer asked by phone on 24 Nov.", 500),
});

export const CUSTOMER_INTENTS = [
  "details",
  "add-site",
  "edit-site",
  "remove-site",
  "add-unit",
  "edit-unit",
  "remove-unit",
  "data-request",
  "close-data-request",
  "erase",
] as const;
export type CustomerIntent = (typeof CUSTOMER_INTENTS)[number];

export function isCustomerIntent(value: unknown): value is CustomerIntent {
  return isOneOf(CUSTOMER_INTENTS, value);
}

export type DetailsInput = z.output<typeof detailsSchema>;
export type SiteInput = z.output<typeof addSiteSchema>;
export type EditSiteInput = z.output<typeof editSiteSchema>;
export type UnitFormInput = z.output<typeof addUnitSchema>;
export type EditUnitInput = z.output<typeof editUnitSchema>;
export type DataRequestInput = z.output<typeof dataRequestSchema>;
export type CloseDataRequestInput = z.output<typeof closeDataRequestSchema>;
export type EraseInput = z.output<typeof eraseSchema>;

// ── A customer added by hand ─────────────────────────────────────────────────────────────────────

/** The first site is optional: its name is asked for once any of its fields is filled in. */
export const newCustomerSchema = z
  .object({
    mobile: customerMobile,
    ...detailFields,
    siteName: optionalText(120),
    siteAddress: optionalText(300),
    siteCity: optionalText(80),
    sitePincode: pincode,
    siteStateCode: stateCode,
  })
  .superRefine((v, ctx) => {
    if (!v.siteName && (v.siteAddress || v.siteCity || v.sitePincode || v.siteStateCode)) {
      ctx.addIssue({ code: "custom", path: ["siteName"], message: "Name the site, e.g. Patancheru plant, or clear its address." });
    }
  });
export type NewCustomerInput = z.output<typeof newCustomerSchema>;
