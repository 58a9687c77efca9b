import type { ColumnDef } from "@tanstack/react-table";
import { staffOf } from "~/.server/auth/staff.ts";
import { openPartsRequests, type PartsRequestView } from "~/.server/stock/parts-requests.ts";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { Route } from "./+types/order-requests";

/**
 * /admin/vendors/parts-requests: what jobs wait for, oldest first as they were asked (the technician's "Parts
 * needed" or the office's), with what the shelf has for each and the order each is on. Stock is reserved on
 * the job's page; what is missing goes on a new purchase order.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const rows = await openPartsRequests();
  return { rows: rows.reverse() };
}

export const handle = { title: "Parts requests" };

const COLUMNS: ColumnDef<PartsRequestView, unknown>[] = [
  {
    id: "part",
    header: "Part",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="font-medium">
          {r.quantityText} {r.description}
        </span>
        {r.note && <span className={`block ${muted}`}>{r.note}</span>}
      </>
    ),
  },
  {
    id: "job",
    header: "Job",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`/admin/service-requests/${r.reference}`} className={`${link} font-mono`}>
          {r.reference}
        </a>
        <span className={`block ${muted}`}>{r.source === "technician" ? "Asked by the technician" : "Raised by the office"}</span>
      </>
    ),
  },
  { id: "asked", header: "Asked", cell: ({ row: { original: r } }) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> },
  {
    id: "stock",
    header: "On the shelf",
    cell: ({ row: { original: r } }) => (r.available === null ? <span className={muted}>Not a stocked product</span> : `${r.available} available · ${r.reserved} reserved for it`),
  },
  {
    id: "state",
    header: "Where it stands",
    cell: ({ row: { original: r } }) =>
      r.order ? (
        <>
          On order{" "}
          <a href={`/admin/vendors/orders/${r.order.number}`} className={`${link} font-mono`}>
            {r.order.number}
          </a>
        </>
      ) : (
        <>
          {r.stateLabel}: {r.outstanding} to find
        </>
      ),
  },
];

export default function PartsRequests({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <ListScreen
      title="Parts requests"
      description="Parts that jobs are waiting for. Reserve what is on the shelf from the job's page; order what is missing."
      primary={{ href: "/admin/vendors/orders/new", label: "Order parts" }}
      table={{ caption: "Open parts requests, oldest first", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty: "No job is waiting for parts." }}
      pages={{ total: rows.length, nextHref: null, firstHref: null }}
    />
  );
}
