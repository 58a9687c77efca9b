import type { ColumnDef } from "@tanstack/react-table";
import { pageLinks, parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listPurchaseOrders, type OrderListItem } from "~/.server/purchasing/orders.ts";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatPaise } from "~/lib/format.ts";
import { PURCHASE_ORDER_FILTERS, purchaseOrderListSchema } from "~/lib/forms/admin/stock.ts";
import type { Route } from "./+types/orders";

/**
 * /admin/vendors/orders: the purchase orders, newest first, waiting for delivery / received / all. Each opens
 * its page (send, receive, bills); a new order starts from the open parts requests.
 */
const PATH = "/admin/vendors/orders";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, purchaseOrderListSchema);
  const page = await listPurchaseOrders(filters.show, cursor);
  const { csvHref: _csv, ...pages } = pageLinks(url, cursor, page.next);
  return {
    rows: page.rows,
    total: page.total,
    tabs: tabLinks(url, PURCHASE_ORDER_FILTERS, { current: filters.show, default: "open", counts: page.counts }),
    ...pages,
    empty: filters.show === "open" ? "No order is waiting for delivery." : filters.show === "received" ? "No order has been received yet." : "No purchase orders yet: place the first from the parts requests.",
  };
}

export const handle = { title: "Purchase orders" };

const COLUMNS: ColumnDef<OrderListItem, unknown>[] = [
  {
    id: "number",
    header: "Order",
    cell: ({ row: { original: r } }) => (
      <a href={`${PATH}/${r.number}`} className={`${link} font-mono`}>
        {r.number}
      </a>
    ),
  },
  { id: "vendor", header: "Vendor", cell: ({ row: { original: r } }) => r.vendor },
  { id: "date", header: "Date", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{r.orderDate}</span> },
  { id: "lines", header: "Lines", cell: ({ row: { original: r } }) => r.lines },
  { id: "total", header: "Total with GST", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap tabular-nums">{formatPaise(r.totalPaise)}</span> },
  {
    id: "status",
    header: "Status",
    cell: ({ row: { original: r } }) => (
      <>
        {r.statusLabel}
        <span className={`block ${muted}`}>{r.sentVia ? `Sent by ${r.sentVia === "email" ? "e-mail" : "WhatsApp"}` : "Not sent yet"}</span>
      </>
    ),
  },
];

export default function PurchaseOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, tabs, nextHref, firstHref, empty } = loaderData;
  return (
    <ListScreen
      title="Purchase orders"
      description={
        <>
          Orders to vendors for the parts jobs wait for. New orders start from the{" "}
          <a href="/admin/vendors/parts-requests" className={link}>
            parts requests
          </a>
          .
        </>
      }
      primary={{ href: `${PATH}/new`, label: "New purchase order" }}
      tabs={{ label: "Which orders", tabs }}
      table={{ caption: "Purchase orders, newest first", columns: COLUMNS, data: rows, rowKey: (r) => r.number, empty }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
