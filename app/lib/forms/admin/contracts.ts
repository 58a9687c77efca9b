import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { optionalText } from "~/lib/forms/fields.ts";
import { GST_RATE_MESSAGE, GST_RATES, hsnSacProblem, REPAIR_SERVICES_GST_RATE, type GstRate } from "~/lib/money/gst.ts";

/**
 * The contracts screens' forms and filters (/admin/contracts, /admin/contracts/new, /admin/contracts/{ref}):
 * one schema per form, shared by the server (parseForm, parseListQuery) and the browser. Rupees typed by
 * staff become integer paise here; dates are YYYY-MM-DD (India's calendar).
 */

export const STALE_CONTRACT_MESSAGE = changedMeanwhile("contract");

// ── The plans the catalogue sells ────────────────────────────────────────────────────────────────

export const CONTRACT_PLANS = ["bronze", "silver", "gold"] as const;
export type ContractPlan = (typeof CONTRACT_PLANS)[number];

/**
 * Each plan's defaults, taken from the catalogue's service entries (content kind "service", slugs amc-bronze,
 * amc-silver, amc-gold, seeded from app/.server/content/seed/services-automation.ts):
 * - Bronze: "Four preventive visits a year"; breakdowns at "our standard response, on site within 2-4 hours"
 *   -> 4 visits, 4 hours (the top of the stated band).
 * - Silver: "every two months (6 a year) or every month (12 a year)"; "priority ... within our 2-4 hour on-site
 *   response" -> 6 visits (the lower frequency; 12 is typed per contract), 4 hours.
 * - Gold: "Monthly preventive visits (12 a year)"; "an engineer on site within 2 hours ... at any hour" -> 12, 2.
 * The catalogue's texts are prose, not fields, so the numbers are kept here; each contract stores its own
 * (editable on the form), so a later change of these defaults never moves a signed contract.
 */
export const PLAN_DEFAULTS: Record<ContractPlan, { label: string; slug: string; visitsPerYear: number; responseHours: number }> = {
  bronze: { label: "Bronze", slug: "amc-bronze", visitsPerYear: 4, responseHours: 4 },
  silver: { label: "Silver", slug: "amc-silver", visitsPerYear: 6, responseHours: 4 },
  gold: { label: "Gold", slug: "amc-gold", visitsPerYear: 12, responseHours: 2 },
};

export const planLabel = (plan: string) => PLAN_DEFAULTS[plan as ContractPlan]?.label ?? plan;

export const BILLING_PLANS = [
  { value: "advance", label: "In advance", hint: "One invoice for the full price on the start date." },
  { value: "quarterly", label: "Quarterly", hint: "Equal invoices every three months from the start date." },
] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number]["value"];

/** AMC is a maintenance and repair service: SAC 998719 (other maintenance and repair services). */
export const DEFAULT_CONTRACT_SAC = "998719";

// Limits that catch a typing mistake, not a business rule.
/** ₹1 crore for one contract's period: more is a typing mistake for this business. */
export const MAX_CONTRACT_PAISE = 1_00_00_000_00;
export const MAX_VISITS_PER_YEAR = 52;
/** A week, round the clock. */
export const MAX_RESPONSE_HOURS = 168;
/** A contract runs at most five years. */
export const MAX_CONTRACT_MONTHS = 60;

// ── Dates (YYYY-MM-DD, as calendar days: no time zone in the arithmetic) ───────────────────────────

export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

/** day + n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** day + n months, kept to the month's last day when it has fewer (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The usual end of a contract starting on `day`: a year later, less a day (1 Apr 2026 -> 31 Mar 2027). */
export function defaultEndsOn(startsOn: string, months = 12): string {
  return addDays(addMonths(startsOn, months), -1);
}

/** Whole months from start to the day after the end (a year's contract is 12), rounded up. */
export function periodMonths(startsOn: string, endsOn: string): number {
  const after = addDays(endsOn, 1);
  let months = 0;
  while (addMonths(startsOn, months) < after && months <= MAX_CONTRACT_MONTHS * 2) months++;
  return months;
}

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const CONTRACT_FILTERS = [
  { value: "active", label: "Active" },
  { value: "expiring", label: "Expiring in 30 days" },
  { value: "expired", label: "Expired" },
  { value: "cancelled", label: "Cancelled" },
] as const;
export type ContractFilter = (typeof CONTRACT_FILTERS)[number]["value"];

export const contractListSchema = z.object({
  show: z.enum(CONTRACT_FILTERS.map((f) => f.value)).default("active"),
  /** A contract's reference, or the customer's name, company or reference. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type ContractListFilters = z.output<typeof contractListSchema>;

// ── The add and edit forms ───────────────────────────────────────────────────────────────────────

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function wholeNumber(label: string, min: number, max: number, low: string, high: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()])
      .transform((raw, ctx) => {
        const plain = String(raw).trim();
        if (!/^-?\d{1,6}$/.test(plain)) {
          ctx.addIssue({ code: "custom", message: `Enter ${label} as a whole number.` });
          return z.NEVER;
        }
        const n = Number(plain);
        if (n < min) ctx.addIssue({ code: "custom", message: low });
        else if (n > max) ctx.addIssue({ code: "custom", message: high });
        return n;
      })
      .optional(),
  );
}

const priceField = z
  .union([z.string(), z.number()], "Enter the contract's price for its period, before GST.")
  .transform((raw, ctx) => {
    const plain = String(raw).trim().replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
    if (plain === "") {
      ctx.addIssue({ code: "custom", message: "Enter the contract's price for its period, before GST." });
      return z.NEVER;
    }
    if (plain.startsWith("-")) {
      ctx.addIssue({ code: "custom", message: "The price cannot be negative." });
      return z.NEVER;
    }
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) {
      ctx.addIssue({ code: "custom", message: "Enter the price in rupees, e.g. 48000 or 48000.50 (at most two decimals)." });
      return z.NEVER;
    }
    const [whole = "0", fraction = ""] = plain.split(".");
    const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    if (paise === 0) ctx.addIssue({ code: "custom", message: "The price must be more than zero." });
    else if (paise > MAX_CONTRACT_PAISE) ctx.addIssue({ code: "custom", message: "The price is more than ₹1 crore: check the amount." });
    return paise;
  });

const gstRateField = z
  .preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional())
  .transform((raw, ctx): GstRate => {
    if (raw === undefined) return REPAIR_SERVICES_GST_RATE;
    const rate = Number(String(raw).trim().replace(/%$/, ""));
    if (!(GST_RATES as readonly number[]).includes(rate)) {
      ctx.addIssue({ code: "custom", message: GST_RATE_MESSAGE });
      return z.NEVER;
    }
    return rate as GstRate;
  });

const sacField = z
  .preprocess(blankToUndefined, z.string().trim().optional())
  .transform((raw, ctx) => {
    const code = raw ?? DEFAULT_CONTRACT_SAC;
    const problem = hsnSacProblem(code);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    else if (!code.startsWith("99")) ctx.addIssue({ code: "custom", message: "A maintenance contract is a service: its SAC code starts 99 (e.g. 998719)." });
    return code;
  });

const dateField = (missing: string) =>
  z
    .string(missing)
    .trim()
    .min(1, missing)
    .refine((v) => isCalendarDay(v), "Enter a date, e.g. 2026-04-01.")
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", "Enter a date between 2000 and 2100.");

const optionalDate = z.preprocess(blankToUndefined, dateField("Enter a date.").optional());

const idList = z
  .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()))
  .transform((list, ctx) => {
    const ids = new Set<number>();
    for (const s of list) {
      if (!/^\d{1,9}$/.test(s)) {
        ctx.addIssue({ code: "custom", message: "Pick the units from the list." });
        return z.NEVER;
      }
      ids.add(Number(s));
    }
    if (ids.size > 500) ctx.addIssue({ code: "custom", message: "At most 500 units on one contract." });
    return [...ids];
  });

const siteField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{1,9}$/, "Pick the site from the list.")
    .transform(Number)
    .optional(),
);

const contractFields = {
  plan: z.enum(CONTRACT_PLANS, "Choose the plan: Bronze, Silver or Gold."),
  siteId: siteField,
  unitIds: idList,
  startsOn: dateField("Enter the start date."),
  /** Blank: a year from the start, less a day. */
  endsOn: optionalDate,
  /** Blank: the plan's default. */
  visitsPerYear: wholeNumber("the visits per year", 1, MAX_VISITS_PER_YEAR, "A contract has at least one preventive visit a year.", `At most ${MAX_VISITS_PER_YEAR} visits a year (one a week).`),
  /** Blank: the plan's default. */
  responseHours: wholeNumber("the response time in hours", 1, MAX_RESPONSE_HOURS, "The response time is at least 1 hour.", `The response time is at most ${MAX_RESPONSE_HOURS} hours (a week).`),
  price: priceField,
  gstRate: gstRateField,
  sacCode: sacField,
  billing: z.enum(BILLING_PLANS.map((b) => b.value), "Choose how it is billed: in advance or quarterly."),
  scope: optionalText(1000),
};

type Fields = {
  plan: ContractPlan;
  startsOn: string;
  endsOn?: string;
  visitsPerYear?: number;
  responseHours?: number;
};

/** The blanks filled from the plan and the start; the period checked. */
function completed<T extends Fields>(v: T, ctx: z.RefinementCtx): T & { endsOn: string; visitsPerYear: number; responseHours: number } {
  const defaults = PLAN_DEFAULTS[v.plan];
  const endsOn = v.endsOn ?? defaultEndsOn(v.startsOn);
  if (endsOn <= v.startsOn) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The end date must be after the start date." });
  else if (endsOn > defaultEndsOn(v.startsOn, MAX_CONTRACT_MONTHS)) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "A contract runs at most five years: check the end date." });
  return { ...v, endsOn, visitsPerYear: v.visitsPerYear ?? defaults.visitsPerYear, responseHours: v.responseHours ?? defaults.responseHours };
}

const idempotencyKey = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.uuid("This form has expired. Please reload the page and send it again.").optional());

export const newContractSchema = z.object({ ...contractFields, idempotencyKey }).transform((v, ctx) => completed(v, ctx));
export type NewContractInput = z.output<typeof newContractSchema>;

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const editContractSchema = z.object({ intent: z.literal("edit"), version, ...contractFields }).transform((v, ctx) => completed(v, ctx));
export type EditContractInput = z.output<typeof editContractSchema>;

export const cancelContractSchema = z.object({
  intent: z.literal("cancel"),
  version,
  reason: z.string("Say why it is cancelled.").trim().min(1, "Say why it is cancelled.").max(500, "Please keep this under 500 characters."),
});
export type CancelContractInput = z.output<typeof cancelContractSchema>;

export const renewContractSchema = z.object({ intent: z.literal("renew"), version });

export const invoiceBillingSchema = z.object({
  intent: z.literal("invoice"),
  billingId: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
});

/** A visit dated before the contract was entered, made into a job by the office. */
export const makeVisitSchema = z.object({
  intent: z.literal("make-visit"),
  visitId: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
});

export const CONTRACT_INTENTS = ["edit", "cancel", "renew", "invoice", "make-visit"] as const;
export type ContractIntent = (typeof CONTRACT_INTENTS)[number];
export function isContractIntent(v: unknown): v is ContractIntent {
  return (CONTRACT_INTENTS as readonly unknown[]).includes(v);
}

/** The customer to make a contract for (/admin/contracts/new?customer=CU-2611-0007). */
export const customerReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^CU-\d{4}-\d{4,}$/, "Enter the customer's reference, e.g. CU-2611-0007.");
