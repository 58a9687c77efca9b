import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, listLinks, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportSmsLog, listSmsLog, type MessageLogItem } from "~/.server/communications/logs.ts";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { muted } from "~/components/admin/styles.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { SMS_LOG_FILTERS, smsLogSchema } from "~/lib/forms/admin/communications.ts";
import { LogFilters } from "../communications/log-filters.tsx";
import { StatusBadge, statusLabel, ThreadLink } from "../communications/parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/sms: every SMS the outbox holds, newest first, with its delivery status from the provider's
 * reports (POST /api/sms/delivery); tabs by delivery, a date range and a search by mobile number; the
 * current filter as CSV. The DLT template registry is at /admin/sms/templates.
 */
const PATH = "/admin/sms";

const CSV_COLUMNS: CsvColumn<MessageLogItem>[] = [
  { header: "Queued", value: (r) => r.createdAt },
  { header: "To", value: (r) => r.recipient },
  { header: "Customer", value: (r) => r.customerReference },
  { header: "Template", value: (r) => r.template },
  { header: "Text", value: (r) => r.body },
  { header: "Outbox status", value: (r) => r.status },
  { header: "Delivery", value: (r) => r.deliveryStatus },
  { header: "Sent", value: (r) => r.sentAt },
  { header: "Delivered", value: (r) => r.deliveredAt },
  { header: "Provider message id", value: (r) => r.providerMessageId },
  { header: "Attempts", value: (r) => r.attempts },
  { header: "Last error", value: (r) => r.lastError },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("sms", smsLogSchema, CSV_COLUMNS, (filters) => exportSmsLog(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, smsLogSchema);
  const page = await listSmsLog(filters, cursor);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    ...listLinks(url, filters, cursor, page, SMS_LOG_FILTERS, "all"),
  };
}

export const handle = { title: "SMS" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "to",
    header: "To",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block whitespace-nowrap">{/^\+91\d{10}$/.test(r.recipient) ? formatIndianPhone(r.recipient) : r.recipient}</span>
        <ThreadLink reference={r.customerReference} name={r.customerName} />
      </>
    ),
  },
  {
    id: "text",
    header: "Text",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block max-w-prose break-words">{r.body}</span>
        <span className={`block text-sm ${muted}`}>Template {r.template}</span>
      </>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row: { original: r } }) => (
      <>
        <StatusBadge status={r.deliveryStatus ?? r.status} />
        {r.deliveryStatus && r.status !== "sent" && <span className={`block text-sm ${muted}`}>Outbox: {statusLabel(r.status)}</span>}
        {r.lastError && <span className={`block max-w-xs text-sm break-words ${muted}`}>{r.lastError}</span>}
      </>
    ),
  },
  {
    id: "at",
    header: "When",
    cell: ({ row: { original: r } }) => (
      <span className="block whitespace-nowrap">
        <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
        {r.deliveredAt && (
          <span className={`block text-sm ${muted}`}>
            delivered <time dateTime={r.deliveredAt}>{formatDateTime(r.deliveredAt)}</time>
          </span>
        )}
      </span>
    ),
  },
];

export default function AdminSms({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, nextHref, firstHref, csvHref } = loaderData;
  return (
    <ListScreen
      title="SMS"
      description="Every SMS sent, with the provider's delivery report. An SMS goes out only from a template registered on the DLT platform."
      primary={{ href: `${PATH}/templates`, label: "DLT templates" }}
      csvHref={csvHref}
      tabs={{ label: "Which SMS", tabs }}
      filters={<LogFilters path={PATH} show={filters.show} q={filters.q} from={filters.from} to={filters.to} searchLabel="Mobile number" searchHint="All or part of the number." />}
      table={{ caption: "SMS, newest first", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty: "No SMS matches these filters." }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
