import type { ColumnDef } from "@tanstack/react-table";
import { listLinks, parseListQuery } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listThreads } from "~/.server/communications/thread.ts";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { ListSearch } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { THREAD_FILTERS, threadListSchema } from "~/lib/forms/admin/communications.ts";
import type { Route } from "./+types/route";
import { CHANNEL_LABELS } from "./parts.tsx";

/**
 * /admin/communications: one thread per customer across every channel (forms, service requests, help-desk
 * tickets, SMS, e-mail, WhatsApp, calls, notes), the latest activity first; "Awaiting reply" keeps the threads
 * where the customer wrote after the office last answered (the automatic messages are no answer). Searched by name, company, reference, mobile or e-mail. Live: a new message reloads it.
 */
const PATH = "/admin/communications";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, threadListSchema);
  const page = await listThreads(filters, cursor);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    ...listLinks(url, filters, cursor, page, THREAD_FILTERS, "all"),
  };
}

export const handle = { title: "Communications" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "who",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.key}`} className={link}>
          {r.company ? `${r.company} (${r.name})` : r.name}
        </a>
        <span className={`block ${muted}`}>
          {r.reference ? <span className="font-mono">{r.reference}</span> : null}
          {r.reference && r.mobile ? " · " : null}
          {r.mobile ? <span className="whitespace-nowrap">{formatIndianPhone(r.mobile)}</span> : null}
        </span>
      </>
    ),
  },
  {
    id: "last",
    header: "Latest",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block">
          {r.awaiting ? <strong>Awaiting reply · </strong> : null}
          {CHANNEL_LABELS[r.lastChannel] ?? r.lastChannel} {r.lastDirection === "in" ? "from the customer" : "to the customer"}
        </span>
        <span className={`block max-w-prose break-words ${muted}`}>{r.preview.length > 120 ? `${r.preview.slice(0, 119)}…` : r.preview}</span>
      </>
    ),
  },
  whenColumn("at", "When", (r) => r.lastAt),
];

export default function AdminCommunications({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, nextHref, firstHref } = loaderData;
  return (
    <ListScreen
      title="Communications"
      description="One thread per customer: their forms, service requests, help-desk tickets, SMS, e-mails and WhatsApp messages sent and received, and the calls logged. Awaiting reply: the customer wrote after the office last answered them (a reply, a call, a note or a help-desk reply; automatic messages do not count)."
      actions={
        <>
          <ButtonLink href="/admin/sms">SMS log</ButtonLink>
          <ButtonLink href="/admin/emails">E-mail log</ButtonLink>
        </>
      }
      afterHeader={<LiveStatus kinds={["conversation.message"]} what="The list of threads" />}
      tabs={{ label: "Which threads", tabs }}
      filters={<ListSearch path={PATH} label="Threads" id="thread-q" hint="A customer's name, company, reference, mobile number or e-mail address." q={filters.q} show={filters.show} defaultShow="all" />}
      table={{
        caption: "Threads, latest activity first",
        columns: COLUMNS,
        data: rows,
        rowKey: (r) => r.key,
        empty: filters.q ? `No thread matches "${filters.q}".` : filters.show === "awaiting" ? "No thread is awaiting a reply." : "No messages yet.",
      }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
