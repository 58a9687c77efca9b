import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, listScreen, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { exportProducts, listProducts, type ProductListItem } from "~/.server/products/list.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { formatPaise } from "~/lib/format.ts";
import { PRODUCT_FILTERS, productListSchema, type ProductListFilters } from "~/lib/forms/admin/products.ts";
import type { Route } from "./+types/route";
import { SearchField } from "~/components/admin/search-field.tsx";

/**
 * /admin/products: the products and parts the business sells and fits, searched by name, make, model /
 * part number or HSN code, with tabs for published, not published and withdrawn, a category filter, keyset
 * pages in name order, and the current filter as a CSV download (?format=csv): the list kit's `listScreen`
 * (~/.server/admin/list.ts) and `ListPage`, with the category names beside. Quotes and invoices take their priced lines from here.
 */
const PATH = "/admin/products";

const CSV_COLUMNS: CsvColumn<ProductListItem>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Name", value: (r) => r.name },
  { header: "Make", value: (r) => r.make },
  { header: "Model / part number", value: (r) => r.model },
  { header: "Category", value: (r) => r.category },
  { header: "HSN/SAC", value: (r) => r.hsnSac },
  { header: "GST %", value: (r) => r.gstRate },
  { header: "Unit", value: (r) => r.unit },
  // Rupees with two decimals, as a number a spreadsheet can add up.
  { header: "Price (₹, before GST)", value: (r) => (r.pricePaise / 100).toFixed(2) },
  { header: "Published", value: (r) => (r.published ? "Yes" : "No") },
  { header: "Withdrawn", value: (r) => (r.active ? "" : "Yes") },
  { header: "On hand", value: (r) => r.onHand },
  { header: "Reserved", value: (r) => r.reserved },
  { header: "Available", value: (r) => r.onHand - r.reserved },
  { header: "Reorder level", value: (r) => r.reorderLevel },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("products", productListSchema, CSV_COLUMNS, (filters) => exportProducts(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const [list, categories] = await Promise.all([listScreen(url, productListSchema, listProducts, PRODUCT_FILTERS, "all", emptyMessage), listEntries("product")]);
  const categoryNames = Object.fromEntries(categories.map((c) => [c.slug, c.title]));
  return {
    ...list,
    rows: list.rows.map((r) => ({ ...r, categoryName: r.category ? (categoryNames[r.category] ?? r.category) : null })),
    categories: categories.map((c) => ({ slug: c.slug, name: c.title })),
  };
}

export const handle = { title: "Products" };

function emptyMessage(f: ProductListFilters): string {
  if (f.q) return `No product matches "${f.q}". Search by name, make, model or part number, or HSN code.`;
  switch (f.show) {
    case "published":
      return "No product is listed on the products page.";
    case "unpublished":
      return "Every product is listed on the products page.";
    case "withdrawn":
      return "No product has been withdrawn.";
    case "below":
      return "No product's available stock is below its reorder level.";
    default:
      return f.category ? "No product in this category yet." : "No products yet: add the first one.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "product",
    header: "Product",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={link}>
          {r.name}
        </a>
        {(r.make || r.model) && <span className="block">{[r.make, r.model].filter(Boolean).join(" ")}</span>}
      </>
    ),
  },
  { id: "category", header: "Category", cell: ({ row: { original: r } }) => r.categoryName ?? <span className={muted}>None</span> },
  {
    id: "tax",
    header: "HSN · GST",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        <span className="font-mono">{r.hsnSac}</span> · {r.gstRate}%
      </span>
    ),
  },
  {
    id: "price",
    header: "Price before GST",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatPaise(r.pricePaise)} <span className={muted}>/ {r.unit}</span>
      </span>
    ),
  },
  {
    id: "stock",
    header: "Available · on hand",
    cell: ({ row: { original: r } }) => {
      const available = r.onHand - r.reserved;
      const low = r.reorderLevel > 0 && available < r.reorderLevel;
      return (
        <span className="whitespace-nowrap tabular-nums">
          <span className={low ? "font-semibold text-red-800 dark:text-red-300" : undefined}>{available}</span> · {r.onHand}
          {low && <span className="block">Below reorder level ({r.reorderLevel})</span>}
        </span>
      );
    },
  },
  {
    id: "state",
    header: "On the site",
    cell: ({ row: { original: r } }) => (!r.active ? <span className="font-semibold">Withdrawn</span> : r.published ? "Published" : <span className={muted}>Not published</span>),
  },
];

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filters, categories } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Products"
      description="The products and parts we sell and fit, with HSN code, GST rate and price: quotes and invoices take their lines from here."
      primary={{ href: `${PATH}/new`, label: "Add a product" }}
      tabsLabel="Which products"
      filters={
        <InlineFilters path={PATH} label="Products" keep={{ show: filters.show === "all" ? undefined : filters.show }} filtered={Boolean(filters.q || filters.category)}>
          <SearchField id="product-q" value={filters.q} hint="Name, make, model or part number, or HSN code." />
          <div className="min-w-0 grow sm:max-w-xs">
            <label htmlFor="product-category" className="block text-sm font-medium">
              Category
            </label>
            <select id="product-category" name="category" defaultValue={filters.category ?? ""} aria-describedby="product-category-hint" className={control}>
              <option value="">Every category</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            <p id="product-category-hint" className={`mt-1 text-sm ${muted}`}>As on the products page.</p>
          </div>
        </InlineFilters>
      }
      caption="Products, by name"
      columns={COLUMNS}
    />
  );
}
