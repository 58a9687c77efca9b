import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { products } from "~/.server/db/schema.ts";
import { productLabel, sameLabel } from "~/lib/forms/admin/products.ts";

/**
 * What the rest of the site reads of the products list: the public /products page (published, active items
 * by category, without prices: the page asks for a quotation) and the technician's part picker (every
 * active item, as "Make Model — Name").
 */

export interface CatalogueItem {
  id: number;
  name: string;
  make: string | null;
  model: string | null;
  unit: string;
}

/** Published, active products by category slug, in name order. Products with no category are not listed. */
export async function publicCatalogue(): Promise<Record<string, CatalogueItem[]>> {
  const rows = await getDb()
    .select({ id: products.id, name: products.name, make: products.make, model: products.model, unit: products.unit, category: products.category })
    .from(products)
    .where(and(eq(products.published, true), eq(products.active, true), sql`${products.category} is not null`))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
  const byCategory: Record<string, CatalogueItem[]> = {};
  for (const { category, ...item } of rows) (byCategory[category!] ??= []).push(item);
  return byCategory;
}

/** Every active product's label, for the part form's <datalist>. */
export async function partPickerLabels(): Promise<string[]> {
  const rows = await getDb()
    .select({ name: products.name, make: products.make, model: products.model })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.make), asc(products.model), asc(products.name));
  return rows.map(productLabel);
}

/**
 * The active product a typed part names exactly by its label, or null (free text). Looked up by name (the
 * label's tail, or the whole text for a product without make or model), then compared as labels.
 */
export async function productByLabel(tx: Transaction, typed: string): Promise<{ id: number; unit: string } | null> {
  const text = typed.trim();
  const cut = text.lastIndexOf(" — ");
  const names = [text, ...(cut > 0 ? [text.slice(cut + 3)] : [])].map((n) => n.trim().toLowerCase());
  const rows = await tx
    .select({ id: products.id, name: products.name, make: products.make, model: products.model, unit: products.unit })
    .from(products)
    .where(and(eq(products.active, true), sql`lower(${products.name}) in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`));
  const found = rows.find((r) => sameLabel(productLabel(r), text));
  return found ? { id: found.id, unit: found.unit } : null;
}
