import type { ColumnDef } from "@tanstack/react-table";
import { pageLinks, parseListQuery } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listLibraryDocuments } from "~/.server/technical-library/documents.ts";
import { FilterInput, FilterPanel, FilterSelect } from "~/components/admin/filter-form.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { LIBRARY_DOCUMENT_KINDS, libraryDocumentListSchema, libraryKindLabel } from "~/lib/forms/admin/technical-library.ts";
import { megabytes } from "./document-fields.tsx";
import type { Route } from "./+types/documents";

/**
 * /admin/technical-library/documents: the manuals and datasheets (PDF) by brand and model, newest first,
 * filtered by brand, model and kind; each opens its page to edit or remove it. Domain:
 * ~/.server/technical-library/documents.ts.
 */
const PATH = "/admin/technical-library/documents";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, libraryDocumentListSchema);
  const page = await listLibraryDocuments(filters, cursor);
  const filtered = Boolean(filters.brand || filters.model || filters.kind);
  return {
    filters,
    filtered,
    rows: page.rows,
    total: page.total,
    brands: page.brands,
    ...pageLinks(url, cursor, page.next),
    empty: filtered ? "No manual or datasheet matches these filters." : "No manuals or datasheets yet: upload the first one.",
  };
}

export const handle = { title: "Manuals and datasheets" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "title",
    header: "Document",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={link}>
          {r.title}
        </a>
        <span className={`block text-sm ${muted}`}>
          {r.pages} {r.pages === 1 ? "page" : "pages"}, {megabytes(r.bytes)}
        </span>
      </>
    ),
  },
  { id: "brand", header: "Brand and model", cell: ({ row: { original: r } }) => `${r.brand} ${r.model}` },
  { id: "kind", header: "Kind", cell: ({ row: { original: r } }) => libraryKindLabel(r.kind) },
  { id: "public", header: "Who reads it", cell: ({ row: { original: r } }) => (r.public ? "Everyone (/technical-data)" : <span className={muted}>Staff and technicians</span>) },
];

export default function LibraryDocuments({ loaderData }: Route.ComponentProps) {
  const { filters, filtered, rows, total, brands, nextHref, firstHref, empty } = loaderData;
  return (
    <ListScreen
      title="Manuals and datasheets"
      description={
        <>
          PDFs by brand and model. Public ones are listed on /technical-data; technicians read them all in their portal and pin the ones they need offline.{" "}
          <a href="/admin/technical-library" className={link}>
            Fault-code tables
          </a>
        </>
      }
      primary={{ href: `${PATH}/new`, label: "Upload a document" }}
      filters={
        <FilterPanel action={PATH} label="Documents" columns={3} clear={filtered ? { href: PATH } : null}>
          <FilterInput name="brand" label="Brand" value={filters.brand} hint={brands.length ? `e.g. ${brands.slice(0, 3).join(", ")}` : undefined} />
          <FilterInput name="model" label="Model" value={filters.model} />
          <FilterSelect name="kind" label="Kind" value={filters.kind} any="Manuals and datasheets" options={[...LIBRARY_DOCUMENT_KINDS]} />
        </FilterPanel>
      }
      table={{ caption: "Manuals and datasheets", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
