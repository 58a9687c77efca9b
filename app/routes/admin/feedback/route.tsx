import type { ColumnDef } from "@tanstack/react-table";
import { listHref, listLinks, parseListQuery } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { checkClaim, ratingFigures } from "~/.server/feedback/figures.ts";
import { awaitingModeration } from "~/.server/feedback/moderation.ts";
import { listFeedback } from "~/.server/feedback/office.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable, whenColumn } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { can } from "~/lib/auth/permissions.ts";
import { FEEDBACK_FILTERS, feedbackListSchema, type FeedbackListFilters } from "~/lib/forms/admin/feedback.ts";
import { RATING_WORDS } from "~/lib/forms/feedback.ts";
import { averageText, Distribution, FeedbackNav, ratingText } from "./parts.tsx";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/feedback: customers' ratings of completed jobs, with tabs (all ratings, low ones whose follow-up
 * is open, consented ones awaiting publication, published, not rated yet), keyset pages, and a filter per
 * technician or service. Above them, the figures the site claims (settings) beside the real ones; below,
 * the ratings per technician and per service. Each rating opens its page (/admin/feedback/{id}) for the
 * follow-up and publishing.
 */
const PATH = "/admin/feedback";

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const { filters, cursor } = parseListQuery(url, feedbackListSchema);
  const [page, figures, awaiting, site] = await Promise.all([listFeedback(filters, cursor), ratingFigures(), awaitingModeration(), getSiteSettings()]);
  const technician = filters.technician ? figures.byTechnician.find((t) => t.technicianId === filters.technician) : undefined;
  const service = filters.service ? figures.byService.find((s) => s.serviceSlug === filters.service) : undefined;
  const scope = [technician ? `technician ${technician.name}` : filters.technician ? "one technician" : null, service ? `service ${service.name}` : filters.service ? "one service" : null]
    .filter(Boolean)
    .join(" and ");
  return {
    filters,
    rows: page.rows,
    total: page.total,
    ...listLinks(url, filters, cursor, page, FEEDBACK_FILTERS, "rated"),
    scope: scope || null,
    clearScopeHref: listHref(url, { technician: null, service: null }),
    empty: emptyMessage(filters),
    figures,
    claim: checkClaim(site.claims, figures.overall),
    canEditClaims: can(staff.role, "settings"),
    awaiting,
  };
}

export const handle = { title: "Feedback" };

function emptyMessage(f: FeedbackListFilters): string {
  switch (f.show) {
    case "follow-up":
      return "No low rating waits for a follow-up.";
    case "awaiting":
      return "No rating with the customer's consent waits to be published.";
    case "published":
      return "No rating is published on the reviews page.";
    case "unanswered":
      return "Every customer asked has rated their job.";
    default:
      return "No ratings yet. Customers are asked by SMS when their job is completed.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

function stateOf(r: Item): string {
  const parts: string[] = [];
  if (r.followUp === "open") parts.push("Follow-up open");
  if (r.followUp === "closed") parts.push("Follow-up closed");
  if (r.publishStatus === "published") parts.push("Published");
  else if (r.publishStatus === "hidden") parts.push("Hidden");
  else if (r.rating !== null) parts.push(r.publishConsent ? "May be published" : "Not to be published");
  return parts.join(" · ");
}

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "job",
    header: "Job",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={`${link} whitespace-nowrap`}>
          {r.reference}
        </a>
        <span className="block">{r.contactName}</span>
      </>
    ),
  },
  {
    id: "rating",
    header: "Rating",
    cell: ({ row: { original: r } }) => (
      <span className={`whitespace-nowrap ${r.rating !== null && r.rating <= 2 ? "font-semibold text-red-800 dark:text-red-300" : r.rating === null ? muted : ""}`}>{ratingText(r.rating, RATING_WORDS)}</span>
    ),
  },
  {
    id: "comment",
    header: "Comment",
    cell: ({ row: { original: r } }) =>
      r.comment ? <span className="line-clamp-3 max-w-md">{r.comment}</span> : <span className={muted}>{r.rating === null ? "" : "No comment"}</span>,
  },
  { id: "technician", header: "Technician", cell: ({ row: { original: r } }) => r.technicianName ?? <span className={muted}>None</span> },
  { id: "service", header: "Service", cell: ({ row: { original: r } }) => r.serviceName ?? <span className={muted}>None</span> },
  whenColumn("at", "When", (r) => r.at),
  { id: "state", header: "State", cell: ({ row: { original: r } }) => stateOf(r) },
];

function ClaimPanel({ claim, canEditClaims }: { claim: Route.ComponentProps["loaderData"]["claim"]; canEditClaims: boolean }) {
  const { claimed, real, realOnClaimScale, verdict } = claim;
  const verdictText = {
    "no-ratings": "No customer has rated a job through the feedback link yet: the claim cannot be checked against recorded ratings.",
    honest: "The claim is within the recorded ratings.",
    above: `The site claims a higher average than customers gave (${realOnClaimScale?.toFixed(1)} of ${claimed.best} recorded). Lower the claim, or explain where it comes from.`,
    "count-above": `The average holds, but the site claims more ratings (${claimed.count.toLocaleString("en-IN")}) than are recorded here (${real.count.toLocaleString("en-IN")}). If the rest come from elsewhere (Google, a survey), say so; else lower the count.`,
  }[verdict];
  return (
    <TitledSection headingId="figures-heading" title="Figures on the site" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">The site claims</h3>
          <p className="mt-1 text-2xl font-bold tabular-nums">
            {claimed.value} of {claimed.best}
          </p>
          <p className={muted}>from {claimed.count.toLocaleString("en-IN")} ratings (the settings&apos; figures, shown on /reviews and the home page)</p>
          {canEditClaims ? (
            <p className="mt-2">
              <a href="/admin/settings?group=claims" className={link}>
                Change the claimed figures
              </a>
            </p>
          ) : (
            <p className={`mt-2 text-sm ${muted}`}>The owner changes them in the settings.</p>
          )}
        </div>
        <div>
          <h3 className="font-semibold">Customers rated</h3>
          <p className="mt-1 text-2xl font-bold tabular-nums">{averageText(real.average)}</p>
          <p className={muted}>
            from {real.count.toLocaleString("en-IN")} {real.count === 1 ? "rating" : "ratings"} of completed jobs
          </p>
          <div className="mt-2">
            <Distribution distribution={real.distribution} />
          </div>
        </div>
      </div>
      <p className={`mt-3 ${verdict === "above" || verdict === "count-above" ? "font-semibold text-red-800 dark:text-red-300" : ""}`}>{verdictText}</p>
    </TitledSection>
  );
}

export default function AdminFeedback({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, scope, clearScopeHref, nextHref, firstHref, empty, figures, claim, canEditClaims, awaiting } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Feedback" description="Customers' ratings of completed jobs: follow up the low ones, publish the ones they let us show, and keep the site's figures honest." />
      <FeedbackNav current="ratings" awaiting={awaiting} />
      <ClaimPanel claim={claim} canEditClaims={canEditClaims} />

      <TitledSection headingId="ratings-heading" title="Ratings" headingClassName="mb-3 text-lg font-semibold">
        <FilterTabs label="Which ratings" tabs={tabs} />
        {scope && (
          <p className="mb-3">
            Showing the ratings of {scope}.{" "}
            <a href={clearScopeHref} className={link}>
              Show every rating
            </a>
          </p>
        )}
        <DataTable caption={`Ratings, newest first${filters.show === "unanswered" ? " (by when they were asked for)" : ""}`} columns={COLUMNS} data={rows} rowKey={(r) => String(r.id)} empty={empty} />
        <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
      </TitledSection>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <RatingsTable
          id="by-technician"
          title="Ratings per technician"
          note="The technician on the job when it was completed."
          rows={figures.byTechnician.map((t) => ({ ...t, key: String(t.technicianId ?? "none"), href: t.technicianId ? `${PATH}?technician=${t.technicianId}` : null }))}
        />
        <RatingsTable
          id="by-service"
          title="Ratings per service"
          note="The catalogue service the request was for."
          rows={figures.byService.map((s) => ({ ...s, key: s.serviceSlug ?? "none", href: s.serviceSlug ? `${PATH}?service=${s.serviceSlug}` : null }))}
        />
      </div>
    </div>
  );
}

function RatingsTable({
  id,
  title,
  note,
  rows,
}: {
  id: string;
  title: string;
  note: string;
  rows: Array<{ key: string; name: string; href: string | null; average: number | null; count: number; distribution: number[] }>;
}) {
  return (
    // min-w-0: a grid item may shrink below its table's width (the table scrolls in its own region).
    <TitledSection headingId={`${id}-heading`} title={title} className="min-w-0" headingClassName="text-lg font-semibold">
      <p className={`mb-3 text-sm ${muted}`}>{note}</p>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center dark:border-slate-700">No ratings yet.</p>
      ) : (
        <Table label={title} className="relative" headClass="px-3 py-2 font-semibold" columns={["Name", { label: "Average", className: "px-3 py-2 font-semibold whitespace-nowrap" }, "Ratings", "Distribution"]}>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {r.href ? (
                  <a href={r.href} className={link}>
                    {r.name}
                  </a>
                ) : (
                  r.name
                )}
              </th>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{averageText(r.average)}</td>
              <td className="px-3 py-2 tabular-nums">{r.count.toLocaleString("en-IN")}</td>
              <td className="px-3 py-2">
                <Distribution distribution={r.distribution} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </TitledSection>
  );
}
