import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportCalls, listCalls, type VideoCallListItem } from "~/.server/video/index.ts";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ListSearch } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { VIDEO_CALL_FILTERS, VIDEO_CALL_STATUS_LABELS, videoCallListSchema, type VideoCallListFilters } from "~/lib/forms/admin/video-calls.ts";
import { CallStatus, durationWords, participantLine, Participants } from "./parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/video-calls: remote video diagnosis calls (issue 12 §7). Upcoming ones soonest first; in progress,
 * past (ended or missed) and cancelled ones most recent first; searched by call or request reference or the
 * customer; the call log (when, how long, who took part) as CSV. A call is booked from a service request
 * (/admin/video-calls/new?request=SR-...), and held on its page (/admin/video-calls/{reference}).
 */
const PATH = "/admin/video-calls";

const CSV_COLUMNS: CsvColumn<VideoCallListItem>[] = [
  { header: "Call", value: (r) => r.reference },
  { header: "Request", value: (r) => r.requestReference },
  { header: "Customer", value: (r) => r.contactName },
  { header: "Company", value: (r) => r.company },
  { header: "Status", value: (r) => VIDEO_CALL_STATUS_LABELS[r.status] },
  { header: "Booked for", value: (r) => r.scheduledAt },
  { header: "Started", value: (r) => r.startedAt },
  { header: "Ended", value: (r) => r.endedAt },
  { header: "Duration (seconds)", value: (r) => r.durationSeconds },
  { header: "Engineer", value: (r) => r.engineerName },
  { header: "Participants", value: (r) => r.participants.map(participantLine).join("; ") },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("video-calls", videoCallListSchema, CSV_COLUMNS, (filters) => exportCalls(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, videoCallListSchema, listCalls, VIDEO_CALL_FILTERS, "upcoming", emptyMessage);
}

export const handle = { title: "Video calls" };

function emptyMessage(f: VideoCallListFilters): string {
  if (f.q) return `No call matches "${f.q}". Search by call or request reference, or the customer's name or company.`;
  switch (f.show) {
    case "upcoming":
      return "No call is booked. Book one from a service request's page (Book a video call).";
    case "live":
      return "No call is in progress.";
    case "past":
      return "No call has taken place yet.";
    case "cancelled":
      return "No call has been cancelled.";
    default:
      return "No video calls yet. Book one from a service request's page.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "call",
    header: "Call",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.reference}`} className={`${link} font-mono whitespace-nowrap`}>
          {r.reference}
        </a>
        <span className="block">
          {r.contactName}
          {r.company ? `, ${r.company}` : ""}
        </span>
      </>
    ),
  },
  {
    id: "request",
    header: "Request",
    cell: ({ row: { original: r } }) => (
      <a href={`/admin/service-requests/${r.requestReference}`} className={`${link} font-mono whitespace-nowrap`}>
        {r.requestReference}
      </a>
    ),
  },
  whenColumn("when", "Booked for", (r) => r.scheduledAt),
  { id: "status", header: "Status", cell: ({ row: { original: r } }) => <CallStatus status={r.status} /> },
  {
    id: "duration",
    header: "Duration",
    cell: ({ row: { original: r } }) => <span className="whitespace-nowrap tabular-nums">{durationWords(r.durationSeconds) ?? <span className={muted}>None</span>}</span>,
  },
  { id: "participants", header: "Who took part", cell: ({ row: { original: r } }) => <Participants participants={r.participants} /> },
];

export default function AdminVideoCalls({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Video calls"
      description="Remote diagnosis: the customer shows the machine on their phone's camera, the engineer sees it and takes snapshots. Book a call from a service request."
      primary={{ href: `${PATH}/new`, label: "Book a video call" }}
      tabsLabel="Which calls"
      filters={<ListSearch path={PATH} label="Video calls" id="video-q" hint="Call or request reference, or the customer's name or company." q={filters.q} show={filters.show} defaultShow="upcoming" />}
      caption={filters.show === "upcoming" ? "Booked calls, soonest first" : "Calls, most recent first"}
      columns={COLUMNS}
    />
  );
}
