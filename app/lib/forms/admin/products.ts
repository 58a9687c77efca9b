import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { lineItemSchema } from "~/lib/money/gst.ts";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";

/**
 * The products screens' forms and filters (/admin/products, /admin/products/new, /admin/products/{id}): one
 * schema per form, shared by the server (parseForm, parseListQuery) and the browser. The price, HSN/SAC code,
 * GST rate and unit are the invoice line's own fields (~/lib/money/gst.ts), so a product can never hold a
 * value that a quote or invoice line would refuse: rupees typed by staff become integer paise there.
 */

export const STALE_PRODUCT_MESSAGE = changedMeanwhile("product");

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const PRODUCT_FILTERS = [
  { value: "all", label: "All" },
  { value: "published", label: "Published" },
  { value: "unpublished", label: "Not published" },
  { value: "withdrawn", label: "Withdrawn" },
  { value: "below", label: "Below reorder level" },
] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number]["value"];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const productListSchema = z.object({
  show: z.enum(PRODUCT_FILTERS.map((f) => f.value)).default("all"),
  /** A name, make, model / part number or HSN code. */
  q: z.string().trim().min(1).max(100).optional(),
  /** A category slug (a "product" content entry). */
  category: z.string().trim().max(80).regex(SLUG).optional(),
});
export type ProductListFilters = z.output<typeof productListSchema>;

// ── The add and edit forms ───────────────────────────────────────────────────────────────────────

// The invoice line's fields, reused as they are: same parsing, same messages.
const line = lineItemSchema.in.shape;

const productFields = {
  name: requiredText("Name the product, e.g. AC drive 7.5 kW.", 160),
  make: optionalText(80),
  model: optionalText(80),
  category: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().max(80).regex(SLUG, "Choose a category from the list.").optional()),
  hsnSac: line.hsnSac,
  gstRate: line.gstRate,
  unit: line.unit,
  price: line.rate,
  description: optionalText(1000),
  published: z
    .union([z.literal(["yes", "on"]), z.literal("")])
    .optional()
    .transform((v) => v === "yes" || v === "on"),
};

export const newProductSchema = z.object(productFields);
export type NewProductInput = z.output<typeof newProductSchema>;

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const editProductSchema = z.object({ intent: z.literal("edit"), version, ...productFields });
export type EditProductInput = z.output<typeof editProductSchema>;

/** Publish / unpublish, withdraw / restore: a button with the version it was drawn on. */
export const PRODUCT_STATE_INTENTS = ["publish", "unpublish", "withdraw", "restore"] as const;
export type ProductStateIntent = (typeof PRODUCT_STATE_INTENTS)[number];
export const productStateSchema = z.object({ intent: z.enum(PRODUCT_STATE_INTENTS), version });

export function isProductIntent(v: unknown): v is "edit" | ProductStateIntent {
  return v === "edit" || (PRODUCT_STATE_INTENTS as readonly unknown[]).includes(v);
}

/**
 * How a product is named wherever staff pick it (the technician's part list): "Make Model — Name", or just
 * the name when it has neither make nor model. A part typed exactly so is linked to the product.
 */
export function productLabel(p: { name: string; make?: string | null; model?: string | null }): string {
  const head = [p.make, p.model].filter(Boolean).join(" ");
  return head ? `${head} — ${p.name}` : p.name;
}

/** Labels compared as a person reads them: case and runs of spaces do not matter. */
export function sameLabel(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) === norm(b);
}

/** Paise -> the rupees a staff member types back ("12500.50", "12500"). */
export function paiseToRupeesInput(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest ? `${rupees}.${String(rest).padStart(2, "0")}` : String(rupees);
}
