import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, listLinks, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportTickets, helpDeskStaff, listTickets, type TicketListItem } from "~/.server/helpdesk/office.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { FilterInput, FilterPanel, FilterSelect } from "~/components/admin/filter-form.tsx";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { SLA_FILTERS, TICKET_FILTERS, ticketListSchema, type TicketListFilters } from "~/lib/forms/helpdesk.ts";
import { slaText, TICKET_PRIORITIES, TICKET_PRIORITY_LABELS } from "~/lib/helpdesk.ts";
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

/** ?format=csv: the file itself; "mine" is the staff member who asks. */
export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("tickets", ticketListSchema, CSV_COLUMNS, (filters, staff) => exportTickets(filters, staff))];

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const { filters, cursor } = parseListQuery(url, ticketListSchema);
  const [page, people] = await Promise.all([listTickets(filters, cursor, staff), helpDeskStaff()]);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    people,
    ...listLinks(url, filters, cursor, page, TICKET_FILTERS, "active"),
    empty: emptyMessage(filters),
  };
}

export const handle = { title: "Help desk" };

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
  whenColumn("opened", "Opened", (r) => r.createdAt),
];

export default function AdminHelpDesk({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, people, tabs, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <ListScreen
      title="Help desk"
      description="Customers' tickets from the portal, the contact form, WhatsApp and the chat assistant: answer each within its target."
      primary={{ href: `${PATH}/new`, label: "New ticket" }}
      csvHref={csvHref}
      afterHeader={
        <>
          {/* Live (issue 12 §1): a new ticket, a reply or a change shows without a reload. */}
          <LiveStatus kinds={["ticket."]} what="The ticket list" />
          <HelpDeskNav current="queue" />
        </>
      }
      tabs={{ label: "Which tickets", tabs }}
      filters={
        <FilterPanel
          action={PATH}
          label="Filter tickets"
          keep={{ show: filters.show === "active" ? undefined : filters.show }}
          clear={{ href: filters.show === "active" ? PATH : `${PATH}?show=${filters.show}` }}
        >
          <FilterInput name="q" type="search" label="Search" value={filters.q} hint="Reference, subject, name or mobile" />
          <FilterSelect name="priority" label="Priority" value={filters.priority} any="Any priority" options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))} />
          <FilterSelect
            name="assignee"
            label="Assignee"
            value={filters.assignee}
            any="Anyone"
            options={[{ value: "mine", label: "Mine" }, { value: "unassigned", label: "Unassigned" }, ...people.map((p) => ({ value: String(p.id), label: p.name }))]}
          />
          <FilterSelect name="sla" label="Targets" value={filters.sla} any="Any" options={[...SLA_FILTERS]} />
        </FilterPanel>
      }
      table={{ caption: "Tickets", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
