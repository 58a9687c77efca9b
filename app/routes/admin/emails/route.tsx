import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, listLinks, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportEmailLog, listEmailLog, type MessageLogItem } from "~/.server/communications/logs.ts";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { muted } from "~/components/admin/styles.ts";
import { EMAIL_LOG_FILTERS, emailLogSchema } from "~/lib/forms/admin/communications.ts";
import { LogFilters } from "../communications/log-filters.tsx";
import { StatusBadge, ThreadLink } from "../communications/parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/emails: every e-mail the outbox holds, newest first: tabs by status, a date range, a search by
 * address or subject, and the CSV export. The e-mail texts the office can reword are at /admin/emails/templates.
 */
const PATH = "/admin/emails";

const CSV_COLUMNS: CsvColumn<MessageLogItem>[] = [
  { header: "Queued", value: (r) => r.createdAt },
  { header: "To", value: (r) => r.recipient },
  { header: "Customer", value: (r) => r.customerReference },
  { header: "Template", value: (r) => r.template },
  { header: "Subject", value: (r) => r.subject },
  { header: "Status", value: (r) => r.status },
  { header: "Sent", value: (r) => r.sentAt },
  { header: "Attempts", value: (r) => r.attempts },
  { header: "Last error", value: (r) => r.lastError },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("emails", emailLogSchema, CSV_COLUMNS, (filters) => exportEmailLog(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, emailLogSchema);
  const page = await listEmailLog(filters, cursor);
  return {
    filters,
    rows: page.rows.map((r) => ({ ...r, body: r.body.length > 300 ? `${r.body.slice(0, 299)}…` : r.body })),
    total: page.total,
    ...listLinks(url, filters, cursor, page, EMAIL_LOG_FILTERS, "all"),
  };
}

export const handle = { title: "E-mails" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "to",
    header: "To",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block break-all">{r.recipient}</span>
        <ThreadLink reference={r.customerReference} name={r.customerName} />
      </>
    ),
  },
  {
    id: "subject",
    header: "Subject",
    cell: ({ row: { original: r } }) => (
      <details>
        <summary className="cursor-pointer break-words">{r.subject ?? "(no subject)"}</summary>
        <p className="mt-1 max-w-prose text-sm break-words whitespace-pre-line">{r.body}</p>
      </details>
    ),
  },
  { id: "template", header: "Template", cell: ({ row: { original: r } }) => <span className={`text-sm ${muted}`}>{r.template}</span> },
  {
    id: "status",
    header: "Status",
    cell: ({ row: { original: r } }) => (
      <>
        <StatusBadge status={r.status} />
        {r.lastError && <span className={`block max-w-xs text-sm break-words ${muted}`}>{r.lastError}</span>}
      </>
    ),
  },
  whenColumn("at", "When", (r) => r.createdAt),
];

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, nextHref, firstHref, csvHref } = loaderData;
  return (
    <ListScreen
      title="E-mails"
      description="Every e-mail the site sent or is sending, with its status."
      primary={{ href: `${PATH}/templates`, label: "E-mail templates" }}
      csvHref={csvHref}
      tabs={{ label: "Which e-mails", tabs }}
      filters={<LogFilters path={PATH} show={filters.show} q={filters.q} from={filters.from} to={filters.to} searchLabel="Address or subject" searchHint="All or part of it." />}
      table={{ caption: "E-mails, newest first", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty: "No e-mail matches these filters." }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
