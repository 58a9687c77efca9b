import type { ColumnDef } from "@tanstack/react-table";
import { csvResponse, listLinks, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportTickets, helpDeskStaff, listTickets, type TicketListItem } from "~/.server/helpdesk/office.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { SLA_FILTERS, TICKET_FILTERS, ticketListSchema, type TicketListFilters } from "~/lib/forms/helpdesk.ts";
import { slaText, TICKET_PRIORITIES, TICKET_PRIORITY_LABELS } from "~/lib/helpdesk.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { HelpDeskNav, SlaBadge } from "./parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/help-desk: the tickets queue (issue 12 §5). Tabs by status with their counts; filters for
 * priority, assignee (mine, unassigned, a person), the SLA (breached, due within the hour) and a search;
 * tickets still running ordered by their next target, soonest first; keyset pages; the current filter as a
 * CSV download. It updates live: a new ticket, a reply or a change reloads the rows (kept scroll and focus).
 */
const PATH = "/admin/help-desk";

const CSV_COLUMNS: CsvColumn<TicketListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Subject", value: (r) => r.subject },
  { header: "Status", value: (r) => r.statusLabel },
  { header: "Priority", value: (r) => r.priorityLabel },
  { header: "Source", value: (r) => r.sourceLabel },
  { header: "Contact", value: (r) => r.contact },
  { header: "Mobile", value: (r) => r.contactMobile },
  { header: "Assignee", value: (r) => r.assigneeName },
  { header: "Opened", value: (r) => r.createdAt },
  { header: "First reply due", value: (r) => r.firstResponse.dueAt },
  { header: "First reply at", value: (r) => r.firstResponse.metAt },
  { header: "First reply SLA", value: (r) => slaText(r.firstResponse) },
  { header: "Resolution due", value: (r) => r.resolution.dueAt },
  { header: "Resolved at", value: (r) => r.resolution.metAt },
  { header: "Resolution SLA", value: (r) => slaText(r.resolution) },
];

/** ?format=csv: the file itself (like csvExportMiddleware, with the staff member for "mine"). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    if (url.searchParams.get("format") !== "csv") return next();
    const staff = staffOf(context);
    const { filters } = parseListQuery(url, ticketListSchema);
    return csvResponse("tickets", CSV_COLUMNS, await exportTickets(filters, staff));
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const { filters, cursor } = parseListQuery(url, ticketListSchema);
  const [page, people, site] = await Promise.all([listTickets(filters, cursor, staff), helpDeskStaff(), getSiteSettings()]);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    people,
    ...listLinks(url, filters, cursor, page, TICKET_FILTERS, "active"),
    empty: emptyMessage(filters),
    meta: seo(site, { type: "policy", title: "Help desk: Back Office", description: "Customers' tickets: replies, priorities and response targets.", path: PATH, noindex: true }),
  };
}

export const meta = routeMeta;

function emptyMessage(f: TicketListFilters): string {
  if (f.q || f.priority || f.assignee || f.sla) return "No ticket matches these filters.";
  switch (f.show) {
    case "active":
      return "No open tickets: every customer has an answer.";
    case "open":
      return "No ticket waits on the office.";
    case "pending":
      return "No ticket waits on a customer.";
    case "resolved":
      return "No resolved tickets.";
    case "closed":
      return "No closed tickets.";
    default:
      return "No tickets yet. They come from the customer portal's Get help, the contact form, WhatsApp and the chat assistant.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const PRIORITY_TONE: Record<string, string> = {
  urgent: "font-semibold text-red-800 dark:text-red-300",
  high: "font-semibold text-amber-800 dark:text-amber-300",
  normal: "",
  low: muted,
};

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "ticket",
    header: "Ticket",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.reference}`} className={`${link} font-mono whitespace-nowrap`}>
          {r.reference}
        </a>
        <span className="block max-w-xs">{r.subject}</span>
      </>
    ),
  },
  {
    id: "contact",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block">{r.contact}</span>
        <span className={`block ${muted}`}>{r.sourceLabel}</span>
      </>
    ),
  },
  {
    id: "state",
    header: "Status · priority",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block whitespace-nowrap">{r.statusLabel}</span>
        <span className={`block ${PRIORITY_TONE[r.priority] ?? ""}`}>{r.priorityLabel}</span>
      </>
    ),
  },
  { id: "assignee", header: "Assignee", cell: ({ row: { original: r } }) => r.assigneeName ?? <span className={muted}>Unassigned</span> },
  { id: "first", header: "First reply", cell: ({ row: { original: r } }) => <SlaBadge label="First reply" target={r.firstResponse} /> },
  { id: "resolution", header: "Resolution", cell: ({ row: { original: r } }) => <SlaBadge label="Resolution" target={r.resolution} /> },
  {
    id: "opened",
    header: "Opened",
    cell: ({ row: { original: r } }) => (
      <time dateTime={r.createdAt} className="whitespace-nowrap">
        {formatDateTime(r.createdAt)}
      </time>
    ),
  },
];

function Select({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: Array<{ value: string; label: string }> }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={control}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminHelpDesk({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, people, tabs, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Help desk"
        description="Customers' tickets from the portal, the contact form, WhatsApp and the chat assistant: answer each within its target."
        actions={
          <>
            <ButtonLink href={`${PATH}/new`} primary>
              New ticket
            </ButtonLink>
            <ButtonLink href={csvHref} download>
              Export CSV
            </ButtonLink>
          </>
        }
      />
      {/* Live (issue 12 §1): a new ticket, a reply or a change shows without a reload. */}
      <LiveStatus kinds={["ticket."]} what="The ticket list" />
      <HelpDeskNav current="queue" />
      <FilterTabs label="Which tickets" tabs={tabs} />
      <form method="get" action={PATH} role="search" aria-label="Filter tickets" className="mb-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        {filters.show !== "active" && <input type="hidden" name="show" value={filters.show} />}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="filter-q" className="block text-sm font-medium">
              Search
            </label>
            <input id="filter-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} aria-describedby="filter-q-hint" className={control} />
            <p id="filter-q-hint" className={`mt-1 text-sm ${muted}`}>
              Reference, subject, name or mobile
            </p>
          </div>
          <Select name="priority" label="Priority" value={filters.priority} options={[{ value: "", label: "Any priority" }, ...TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))]} />
          <Select
            name="assignee"
            label="Assignee"
            value={filters.assignee}
            options={[
              { value: "", label: "Anyone" },
              { value: "mine", label: "Mine" },
              { value: "unassigned", label: "Unassigned" },
              ...people.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
          <Select name="sla" label="Targets" value={filters.sla} options={[{ value: "", label: "Any" }, ...SLA_FILTERS]} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button size="small" type="submit">
            Apply
          </Button>
          <a href={filters.show === "active" ? PATH : `${PATH}?show=${filters.show}`} className={link}>
            Clear filters
          </a>
        </div>
      </form>
      <DataTable caption="Tickets" columns={COLUMNS} data={rows} rowKey={(r) => String(r.id)} empty={empty} />
      <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
    </div>
  );
}
