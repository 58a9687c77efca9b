import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, csvInstant, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportContent, listContent, type CmsListItem } from "~/.server/cms/list.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { formatDateTime } from "~/lib/format.ts";
import { CMS_FILTERS, CMS_KIND_INFO, CMS_KINDS, cmsListSchema, STATUS_LABEL, type CmsListFilters } from "~/lib/forms/admin/cms.ts";
import type { Route } from "./+types/route";

/**
 * /admin/cms: the site's content (pages, articles, FAQs, case studies, projects, places, careers and
 * courses), the latest change first, with tabs by state (published, scheduled, drafts), a kind filter and a
 * search by title or address, keyset pages and the CSV export. Each row opens its record (./entry.tsx).
 */
const PATH = "/admin/cms";

const CSV_COLUMNS: CsvColumn<CmsListItem>[] = [
  { header: "Kind", value: (r) => CMS_KIND_INFO[r.kind].one },
  { header: "Title", value: (r) => r.title },
  { header: "Address", value: (r) => r.slug },
  { header: "Page", value: (r) => r.path },
  { header: "State", value: (r) => STATUS_LABEL[r.status] },
  { header: "Publishes at", value: (r) => csvInstant(r.publishAt) },
  { header: "Last changed", value: (r) => csvInstant(r.updatedAt) },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("content", cmsListSchema, CSV_COLUMNS, (filters) => exportContent(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, cmsListSchema, listContent, CMS_FILTERS, "all", emptyMessage);
}

export const handle = { title: "Content" };

function emptyMessage(f: CmsListFilters): string {
  const what = f.kind ? CMS_KIND_INFO[f.kind].label.toLowerCase() : "content";
  if (f.q) return `Nothing in ${what} matches "${f.q}". Search by title or address.`;
  if (f.show === "draft") return `No drafts in ${what}.`;
  if (f.show === "scheduled") return `Nothing in ${what} is scheduled.`;
  if (f.show === "published") return `Nothing in ${what} is published.`;
  return `No ${what} yet: add the first.`;
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "title",
    header: "Title",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={link}>
          {r.title}
        </a>
        <span className={`block font-mono text-sm break-all ${muted}`}>{r.path ?? r.slug}</span>
      </>
    ),
  },
  { id: "kind", header: "Kind", cell: ({ row: { original: r } }) => CMS_KIND_INFO[r.kind].one },
  {
    id: "state",
    header: "State",
    cell: ({ row: { original: r } }) =>
      r.status === "scheduled" && r.publishAt ? (
        <span>
          Scheduled for <time dateTime={r.publishAt}>{formatDateTime(r.publishAt)}</time>
        </span>
      ) : r.status === "draft" ? (
        <span className="font-semibold">Draft</span>
      ) : (
        STATUS_LABEL[r.status]
      ),
  },
  {
    id: "changed",
    header: "Last changed",
    cell: ({ row: { original: r } }) => (
      <time dateTime={r.updatedAt} className="whitespace-nowrap">
        {formatDateTime(r.updatedAt)}
      </time>
    ),
  },
];

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Content"
      description="The site's pages, articles, FAQs, case studies, projects, places, careers and courses: write, preview, publish now or at a time, and go back to an earlier version."
      primary={{ href: filters.kind ? `${PATH}/new?kind=${filters.kind}` : `${PATH}/new`, label: "Write something new" }}
      actions={
        <>
          <ButtonLink href={`${PATH}/legal`}>Legal texts</ButtonLink>
          <ButtonLink href={`${PATH}/images`}>Images</ButtonLink>
        </>
      }
      tabsLabel="Which content"
      filters={
        <InlineFilters path={PATH} label="Content" keep={{ show: filters.show === "all" ? undefined : filters.show }} filtered={Boolean(filters.q || filters.kind)}>
          <SearchField id="content-q" value={filters.q} hint="Title or address." />
          <div className="min-w-0 grow sm:max-w-xs">
            <label htmlFor="content-kind" className="block text-sm font-medium">
              Kind
            </label>
            <select id="content-kind" name="kind" defaultValue={filters.kind ?? ""} className={control}>
              <option value="">Every kind</option>
              {CMS_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CMS_KIND_INFO[k].label}
                </option>
              ))}
            </select>
          </div>
        </InlineFilters>
      }
      caption="Content, the latest change first"
      columns={COLUMNS}
    />
  );
}
