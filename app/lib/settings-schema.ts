import { z } from "zod";

/**
 * The settings the whole site reads. One schema per group: the database stores one row per group,
 * the admin settings screen edits one group at a time, and both validate with these schemas.
 * This module is shared by server and client (the admin form validates in the browser too).
 */

/** Indian phone number in E.164 form: +91 and ten digits starting 6-9 (mobile) or a landline. */
const indianPhone = z
  .string()
  .trim()
  .regex(/^\+91\d{10}$/, "Enter the number as +91 followed by ten digits");

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN's 15th character is a checksum over the first 14 (base-36, weights alternating 1 and 2). */
export function gstinChecksum(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? "");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? "0";
}

export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "A GSTIN has 15 characters, like 36AAAAA0000A1Z3")
  .refine((v) => gstinChecksum(v.slice(0, 14)) === v[14], "This GSTIN's check character is wrong");

export const identitySettingsSchema = z.object({
  /** The wordmark is shown in two parts, the second in the accent colour. */
  wordmarkPrimary: z.string().trim().min(1).max(30),
  wordmarkSecondary: z.string().trim().min(1).max(30),
  legalName: z.string().trim().min(2).max(120),
  tagline: z.string().trim().min(2).max(80),
  supportPhone: indianPhone,
  whatsappNumber: indianPhone,
  supportEmail: z.email("Enter a valid e-mail address"),
  address: z.object({
    streetAddress: z.string().trim().min(2).max(200),
    locality: z.string().trim().min(2).max(80),
    city: z.string().trim().min(2).max(80),
    state: z.string().trim().min(2).max(80),
    postalCode: z.string().trim().regex(/^\d{6}$/, "A PIN code has six digits"),
    country: z.string().trim().min(2).max(60),
  }),
  /** Public address of the site: canonical links, sitemap and Open Graph URLs are built from it. */
  siteUrl: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, "")),
});

export const businessSettingsSchema = z.object({
  /** Shown as text; open24x7 drives the structured data (openingHoursSpecification). */
  openingHours: z.string().trim().min(2).max(80),
  open24x7: z.boolean(),
  gstin: gstinSchema,
  state: z.string().trim().min(2).max(60),
  /** GST state code: the first two digits of the GSTIN. */
  stateCode: z.string().regex(/^\d{2}$/),
});

export const claimsSettingsSchema = z.object({
  foundedYear: z.number().int().min(1900).max(2100),
  yearsExperience: z.number().int().min(0),
  happyClients: z.number().int().min(0),
  industriesServed: z.number().int().min(0),
  servicesOffered: z.number().int().min(0),
  isoCertification: z.string().trim().min(2).max(60),
  ratingValue: z.number().min(0).max(5),
  ratingBest: z.number().int().min(1).max(10),
  ratingCount: z.number().int().min(0),
});

export const promisesSettingsSchema = z.object({
  responseHoursMin: z.number().int().min(0),
  responseHoursMax: z.number().int().min(1),
  /** Average first response, in hours: "under 2 hours". */
  averageResponseHours: z.number().min(0),
  repairHoursMin: z.number().int().min(1),
  repairHoursMax: z.number().int().min(1),
  warrantyMonths: z.number().int().min(0),
});

export const SERVICE_CATEGORIES = ["Automation", "Electrical", "Mechanical", "Utility", "Emergency"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const chargesSettingsSchema = z
  .array(
    z
      .object({
        category: z.enum(SERVICE_CATEGORIES),
        minRupees: z.number().int().min(0),
        maxRupees: z.number().int().min(0),
      })
      .refine((c) => c.maxRupees >= c.minRupees, "The upper bound must not be below the lower one"),
  )
  .length(SERVICE_CATEGORIES.length);

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use 24-hour time, like 09:00");

/**
 * How the office works: the response promise per urgency (the SLA), the working hours the planned-work
 * clock counts in, when the owner is warned, and the terms printed on quotes and invoices.
 */
export const operationsSettingsSchema = z
  .object({
    /** Emergencies and "within 24 hours" are counted round the clock. */
    emergencyResponseHours: z.number().int().min(1).max(72),
    within24hResponseHours: z.number().int().min(1).max(72),
    /** Planned work is counted in working hours: 9 = by the same time on the next working day. */
    plannedResponseWorkingHours: z.number().int().min(1).max(200),
    /** Working days, 0 = Sunday ... 6 = Saturday (India time). */
    workingDays: z.array(z.number().int().min(0).max(6)).min(1, "Choose at least one working day").max(7),
    workingHoursOpen: clockTime,
    workingHoursClose: clockTime,
    /** The owner gets an SMS and an e-mail this long before a request's response is due with no contact. */
    escalateBeforeMinutes: z.number().int().min(5).max(600),
    quoteValidityDays: z.number().int().min(1).max(365),
    quoteTerms: z.string().trim().max(2000),
    invoiceTerms: z.string().trim().max(2000),
  })
  .refine((o) => o.workingHoursClose > o.workingHoursOpen, { message: "Closing time must be after opening time", path: ["workingHoursClose"] });

export const settingsGroupSchemas = {
  identity: identitySettingsSchema,
  business: businessSettingsSchema,
  claims: claimsSettingsSchema,
  promises: promisesSettingsSchema,
  charges: chargesSettingsSchema,
  operations: operationsSettingsSchema,
} as const;

export type SettingsGroup = keyof typeof settingsGroupSchemas;
export type SiteSettings = { [K in SettingsGroup]: z.output<(typeof settingsGroupSchemas)[K]> };
