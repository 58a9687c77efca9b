import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { lineItemSchema } from "~/lib/money/gst.ts";
import { PART_UNITS } from "~/lib/forms/technician-job.ts";

/**
 * Stock and purchasing forms (issue 19 §5): the product page's stock forms, a job's parts requests, the
 * purchase order's new, send and receive forms. Shared by the server (parseForm) and the browser.
 */

export const STALE_STOCK_MESSAGE = "The stock changed since this page was shown (a part was used, received or reserved). Check the figures and try again.";
export const STALE_PARTS_REQUEST_MESSAGE = changedMeanwhile("parts request");
export const STALE_PURCHASE_ORDER_MESSAGE = changedMeanwhile("purchase order");

function wholeNumber(missing: string, max: number, min = 0) {
  const message = `Enter a whole number from ${min} to ${max}.`;
  return z
    .string(missing)
    .trim()
    .min(1, missing)
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

const version = z.coerce.number().int().positive();

export const STOCK_INTENTS = ["adjust", "reorder"] as const;

/** "Adjust stock": the count on the shelf, with the on-hand figure the form was drawn from and why. */
export const adjustStockSchema = z.object({
  intent: z.literal("adjust"),
  seenOnHand: z.coerce.number().int().min(0),
  onHand: wholeNumber("Enter how many are on the shelf now.", 999_999),
  reason: requiredText("Say why the count changes, e.g. counted on 6 Dec, 2 found damaged.", 300),
});

export const reorderLevelSchema = z.object({
  intent: z.literal("reorder"),
  version,
  reorderLevel: wholeNumber("Enter the reorder level (0 to stop watching it).", 999_999),
});

// ── Parts requests ───────────────────────────────────────────────────────────────────────────────

export const PART_UNIT_VALUES = PART_UNITS.map((u) => u.value) as [string, ...string[]];

/** A part a job needs: one of our products (its label, from the list) or typed as free text. */
export const partsRequestSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const r = raw as Record<string, unknown>;
    const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
    return blank(r.description) && !blank(r.product) ? { ...r, description: r.product } : r;
  },
  z.object({
    product: optionalText(200),
    description: requiredText("Name the part needed (or pick it from our products).", 200),
    quantity: wholeNumber("Enter the quantity.", 9999, 1),
    unit: z.enum(PART_UNIT_VALUES, "Choose the unit.").default("nos"),
    note: optionalText(300),
    idempotencyKey: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9:_-]*$/)
      .optional()
      .transform((v) => v || undefined),
  }),
);
export type PartsRequestInput = z.output<typeof partsRequestSchema>;

export const partsRequestActionSchema = z.object({
  partsRequest: z.coerce.number().int().positive(),
  version,
});

export const returnPartSchema = z.object({
  part: z.coerce.number().int().positive(),
  quantity: wholeNumber("Enter how many come back.", 9999, 1),
});

// ── Purchase orders ──────────────────────────────────────────────────────────────────────────────

const rupees = lineItemSchema.in.shape.rate;

/**
 * A new purchase order: the vendor, the open parts requests it orders (tick boxes), and a price for any
 * line the vendor's parts list has no price for (price-<request id>, rupees).
 */
export const newPurchaseOrderSchema = z.object({
  vendor: z.coerce.number("Choose the vendor.").int().positive("Choose the vendor."),
  requests: z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()).min(1, "Tick at least one parts request to order.")),
  notes: optionalText(500),
});

/** A typed price (rupees): the same parsing and messages as an invoice line's rate. */
export function parsePrice(raw: string): { ok: true; paise: number } | { ok: false; message: string } {
  const parsed = rupees.safeParse(raw);
  return parsed.success ? { ok: true, paise: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "Enter the price in rupees." };
}

export const sendPurchaseOrderSchema = z.object({
  intent: z.enum(["email", "whatsapp"]),
  version,
});

/** Receiving: received-<line id> per line (blank: none of it came). */
export const receivePurchaseOrderSchema = z.object({ intent: z.literal("receive"), version });

export const PURCHASE_ORDER_FILTERS = [
  { value: "open", label: "Waiting for delivery" },
  { value: "received", label: "Received" },
  { value: "all", label: "All" },
] as const;
export type PurchaseOrderFilter = (typeof PURCHASE_ORDER_FILTERS)[number]["value"];

export const purchaseOrderListSchema = z.object({
  show: z.enum(PURCHASE_ORDER_FILTERS.map((f) => f.value)).default("open"),
});

export const PURCHASE_ORDER_NUMBER = /^PO-\d{4}-\d{4,}$/;

export function wholeQuantity(raw: string, max: number): { ok: true; n: number } | { ok: false; message: string } {
  const v = raw.trim();
  if (v === "") return { ok: true, n: 0 };
  if (!/^\d{1,6}$/.test(v) || Number(v) > max) return { ok: false, message: `Enter a whole number from 0 to ${max}.` };
  return { ok: true, n: Number(v) };
}

export const STOCK_KIND_LABELS: Record<string, string> = {
  received: "Received",
  used: "Used on a job",
  returned: "Returned from a job",
  adjusted: "Adjusted",
  reserved: "Reserved for a job",
  released: "Released",
};
