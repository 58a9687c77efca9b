import type { ColumnDef } from "@tanstack/react-table";
import { csvResponse, listHref, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { exportProducts, listProducts, type ProductListItem } from "~/.server/products/list.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { formatPaise } from "~/lib/format.ts";
import { PRODUCT_FILTERS, productListSchema, type ProductFilter, type ProductListFilters } from "~/lib/forms/admin/products.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/route";
import { SearchField } from "~/components/admin/search-field.tsx";
import { Button } from "~/components/ui/button.tsx";

/**
 * /admin/products: the products and parts the business sells and fits, searched by name, make, model /
 * part number or HSN code, with tabs for published, not published and withdrawn, a category filter, keyset
 * pages in name order, and the current filter as a CSV download (?format=csv). The list pattern:
 * ~/.server/admin/list.ts. Quotes and invoices take their priced lines from here.
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
];

/** ?format=csv answers with the file itself (a loader's Response would be read as page data). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    if (url.searchParams.get("format") !== "csv") return next();
    staffOf(context);
    const { filters } = parseListQuery(url, productListSchema);
    return csvResponse("products", CSV_COLUMNS, await exportProducts(filters));
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, productListSchema);
  const [page, site, categories] = await Promise.all([listProducts(filters, cursor), getSiteSettings(), listEntries("product")]);
  const tabs = PRODUCT_FILTERS.map((f) => ({
    href: listHref(url, { show: f.value === "all" ? null : f.value }),
    label: f.label,
    current: f.value === filters.show,
    count: page.counts[f.value as ProductFilter],
  }));
  const categoryNames = Object.fromEntries(categories.map((c) => [c.slug, c.title]));
  return {
    filters,
    rows: page.rows.map((r) => ({ ...r, categoryName: r.category ? (categoryNames[r.category] ?? r.category) : null })),
    categories: categories.map((c) => ({ slug: c.slug, name: c.title })),
    total: page.total,
    tabs,
    nextHref: page.next ? listHref(url, { after: page.next }) : null,
    firstHref: cursor ? listHref(url, {}) : null,
    csvHref: listHref(url, { format: "csv" }),
    empty: emptyMessage(filters),
    meta: seo(site, { type: "policy", title: "Products: Back Office", description: "The products and parts we sell and fit, with their prices and GST.", path: PATH, noindex: true }),
  };
}

export const meta = routeMeta;

function emptyMessage(f: ProductListFilters): string {
  if (f.q) return `No product matches "${f.q}". Search by name, make, model or part number, or HSN code.`;
  switch (f.show) {
    case "published":
      return "No product is listed on the products page.";
    case "unpublished":
      return "Every product is listed on the products page.";
    case "withdrawn":
      return "No product has been withdrawn.";
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
    id: "state",
    header: "On the site",
    cell: ({ row: { original: r } }) => (!r.active ? <span className="font-semibold">Withdrawn</span> : r.published ? "Published" : <span className={muted}>Not published</span>),
  },
];

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filters, rows, categories, total, tabs, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Products"
        description="The products and parts we sell and fit, with HSN code, GST rate and price: quotes and invoices take their lines from here."
        actions={
          <>
            <ButtonLink href={`${PATH}/new`} primary>
              Add a product
            </ButtonLink>
            <ButtonLink href={csvHref} download>
              Export CSV
            </ButtonLink>
          </>
        }
      />
      <FilterTabs label="Which products" tabs={tabs} />
      <form method="get" action={PATH} role="search" aria-label="Products" className="mb-4 flex flex-wrap items-end gap-3">
        {filters.show !== "all" && <input type="hidden" name="show" value={filters.show} />}
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
        <div className="flex gap-3 pb-7">
          <Button type="submit">
            Search
          </Button>
          {(filters.q || filters.category) && (
            <a href={filters.show === "all" ? PATH : `${PATH}?show=${filters.show}`} className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
              Clear
            </a>
          )}
        </div>
      </form>
      <DataTable caption="Products, by name" columns={COLUMNS} data={rows} rowKey={(r) => String(r.id)} empty={empty} />
      <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
    </div>
  );
}
