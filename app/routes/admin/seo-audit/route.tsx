import { intentAction, step } from "~/.server/admin/actions.ts";
import type { ColumnDef } from "@tanstack/react-table";
import { keysetPage, PAGE_SIZE, pageLinks, parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { activeRun, finishedRun, kindsFound, listFindings, listRunPages, listRuns, startAudit } from "~/.server/seo-audit/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { DESCRIPTION_LENGTH, FINDING_KINDS, kilobytes, runAuditSchema, TITLE_LENGTH, seoAuditListSchema, type FindingKind } from "~/lib/forms/admin/seo-audit.ts";
import type { Route } from "./+types/route";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/seo-audit: "Run audit now" reads every page of the sitemap as a search engine would, on the job
 * queue (~/.server/seo-audit); the screen shows the latest finished run (or ?run=), the count of each kind of
 * finding against the run before it, the findings by kind and every page with what was read from it.
 */
const PATH = "/admin/seo-audit";

export const handle = { title: "SEO audit" };

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, seoAuditListSchema);
  const view = url.searchParams.get("view") === "pages" ? ("pages" as const) : ("findings" as const);
  const [runs, active, shown, site] = await Promise.all([listRuns(10), activeRun(), finishedRun(filters.run), getSiteSettings()]);
  if (filters.run && !shown && !runs.some((r) => r.id === filters.run)) return throwNotFound(url);
  const afterId = cursor ? Number(cursor[1]) : undefined;
  let findings: Awaited<ReturnType<typeof listFindings>> = [];
  let pages: Awaited<ReturnType<typeof listRunPages>> = [];
  let next: string | null = null;
  let total = 0;
  let kindTabs: ReturnType<typeof tabLinks<FindingKind | "all">> = [];
  let viewTabs: ReturnType<typeof tabLinks<"findings" | "pages">> = [];
  if (shown) {
    const counts = Object.fromEntries(shown.trend.map((t) => [t.kind, t.now])) as Record<FindingKind, number>;
    if (view === "findings") {
      const page = keysetPage(await listFindings(shown.run.id, filters.kind, afterId, PAGE_SIZE + 1, site.identity.siteUrl), (r) => [r.id, r.id]);
      findings = page.rows;
      next = page.next;
      total = filters.kind === "all" ? shown.run.total : counts[filters.kind];
    } else {
      const page = keysetPage(await listRunPages(shown.run.id, afterId, PAGE_SIZE + 1), (r) => [r.id, r.id]);
      pages = page.rows;
      next = page.next;
      total = shown.run.pageCount;
    }
    viewTabs = tabLinks(url, [{ value: "findings", label: "Findings" }, { value: "pages", label: "Every page" }], {
      param: "view",
      current: view,
      default: "findings",
      counts: { findings: shown.run.total, pages: shown.run.pageCount },
      reset: ["kind"],
    });
    kindTabs = tabLinks(url, [{ value: "all" as const, label: "All" }, ...kindsFound(counts).map((k) => ({ value: k, label: FINDING_KINDS[k] }))], {
      param: "kind",
      current: filters.kind,
      default: "all",
      counts: { all: shown.run.total, ...counts },
    });
  }
  return { runs, active, shown, view, findings, pages, total, kindTabs, viewTabs, ...pageLinks(url, cursor, next) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  return intentAction(await readForm(request), { url, back: PATH }, {
    run: step(runAuditSchema, () => startAudit(staff)),
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type FindingItem = LoaderData["findings"][number];
type PageItem = LoaderData["pages"][number];

const FINDING_COLUMNS: ColumnDef<FindingItem, unknown>[] = [
  { id: "page", header: "Page", cell: ({ row: { original: r } }) => <span className="break-all">{r.path}</span> },
  {
    id: "finding",
    header: "Finding",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block font-medium">{r.kindLabel}</span>
        <span className="block max-w-xl break-words">{r.detail}</span>
      </>
    ),
  },
  {
    id: "fix",
    header: "Fix it here",
    cell: ({ row: { original: r } }) => (
      <ul>
        {r.fixes.map((f) => (
          <li key={f.href}>
            <a href={f.href} className={`${link} whitespace-nowrap`}>
              {f.label}
              <span className="sr-only"> {r.path}</span>
            </a>
          </li>
        ))}
      </ul>
    ),
  },
];

function lengthOf(text: string | null, range: { min: number; max: number }): string {
  if (!text) return "none";
  const n = text.length;
  return n < range.min || n > range.max ? `${n} characters (outside ${range.min} to ${range.max})` : `${n} characters`;
}

const PAGE_COLUMNS: ColumnDef<PageItem, unknown>[] = [
  { id: "page", header: "Page", cell: ({ row: { original: r } }) => <span className="break-all">{r.path}</span> },
  { id: "status", header: "Status", cell: ({ row: { original: r } }) => (r.status === 0 ? "no answer" : String(r.status ?? "")) },
  {
    id: "title",
    header: "Title and description",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block max-w-md break-words">{r.title ?? "(no title)"}</span>
        <span className={`block text-xs ${muted}`}>
          Title: {lengthOf(r.title, TITLE_LENGTH)}; description: {lengthOf(r.description, DESCRIPTION_LENGTH)}
        </span>
      </>
    ),
  },
  { id: "jsonld", header: "JSON-LD types", cell: ({ row: { original: r } }) => (r.jsonLdTypes.length ? r.jsonLdTypes.join(", ") : "none") },
  {
    id: "weight",
    header: "Weight",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        {r.totalBytes !== null ? kilobytes(r.totalBytes) : "–"}
        {r.bytes !== null && <span className={`block text-xs ${muted}`}>HTML {kilobytes(r.bytes)}</span>}
      </span>
    ),
  },
  { id: "findings", header: "Findings", cell: ({ row: { original: r } }) => String(r.findings) },
];

function change(now: number, before: number | null): string {
  if (before === null) return "–";
  if (now === before) return "no change";
  return now > before ? `${now - before} more` : `${before - now} fewer`;
}

export default function SeoAudit({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, active, shown, view, findings, pages, total, kindTabs, viewTabs, nextHref, firstHref } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="SEO audit"
        description="Every page of the sitemap read as a search engine reads it: status, title, description, canonical link, structured data, links, images and weight."
        actions={
          <IntentForm intent="run">
            <Button type="submit">Run audit now</Button>
          </IntentForm>
        }
      />
      {failure && <FormError message={failure.errors.form} />}

      {active && (
        <TitledSection headingId="running-heading" title={`Audit ${active.id}: ${active.statusLabel.toLowerCase()}`} className="mb-8" headingClassName="mb-1 text-lg font-semibold">
          <p>
            {active.toFetch > 0 ? `${active.fetched} of ${active.toFetch} addresses read so far.` : "Reading the sitemap."} The site is read two pages at a time, so that
            visitors do not notice.{" "}
            <a href={PATH} className={link}>
              Refresh
            </a>
          </p>
        </TitledSection>
      )}

      {!shown ? (
        <p className="mb-8 rounded-md border border-dashed border-slate-300 p-4 dark:border-slate-700">
          {active ? "No audit has finished yet: the first results appear here when this one ends." : "No audit yet. \u201cRun audit now\u201d reads every page of the sitemap; it takes less than a minute."}
        </p>
      ) : (
        <>
          <TitledSection headingId="run-heading" title={`Audit ${shown.run.id}`} className="mb-8" headingClassName="mb-1 text-lg font-semibold">
            <p className="mb-3">
              Finished {formatDateTime(shown.run.finishedAt ?? shown.run.requestedAt)}: {shown.run.pageCount} pages of the sitemap and {shown.run.linkCount} other internal
              links{shown.run.seconds !== null ? ` in ${shown.run.seconds} s` : ""}
              {shown.run.requestedBy ? `, started by ${shown.run.requestedBy}` : ""}. {shown.run.total} findings
              {shown.previous ? `, against ${shown.previous.total} in audit ${shown.previous.id}` : ""}.
            </p>
            <Table label={`Findings of audit ${shown.run.id} by kind, against the audit before`} headClass="px-3 py-2 font-semibold" columns={["Kind", "This audit", shown.previous ? `Audit ${shown.previous.id}` : "Before", "Change"]}>
              {shown.trend
                .filter((t) => t.now > 0 || (t.before ?? 0) > 0)
                .map((t) => (
                  <tr key={t.kind} className="border-t border-slate-200 dark:border-slate-800">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {t.label}
                    </th>
                    <td className="px-3 py-2">{t.now}</td>
                    <td className="px-3 py-2">{t.before ?? "–"}</td>
                    <td className="px-3 py-2">{change(t.now, t.before)}</td>
                  </tr>
                ))}
              {shown.run.total === 0 && (shown.previous?.total ?? 0) === 0 && (
                <tr className="border-t border-slate-200 dark:border-slate-800">
                  <td colSpan={4} className="px-3 py-2">
                    Nothing found: every page passed every check.
                  </td>
                </tr>
              )}
            </Table>
          </TitledSection>

          <TitledSection headingId="results-heading" title="Results" className="mb-8" headingClassName="mb-1 text-lg font-semibold">
            <p className={`mb-3 text-sm ${muted}`}>
              &ldquo;Fix it here&rdquo; links to the record that fixes the page where a screen edits it (a service in the catalogue, the fault-code tables in the
              technical library), then to the page on the public site. The other pages&rsquo; words come from the site&rsquo;s content, whose screen is not built yet.
            </p>
            <FilterTabs label="Findings or pages" tabs={viewTabs} />
            {view === "findings" ? (
              <>
                <FilterTabs label="Kind of finding" tabs={kindTabs} />
                <DataTable caption={`Findings of audit ${shown.run.id}`} columns={FINDING_COLUMNS} data={findings} rowKey={(r) => String(r.id)} empty="Nothing of this kind: every page passed." />
              </>
            ) : (
              <DataTable caption={`Pages of audit ${shown.run.id}, in sitemap order`} columns={PAGE_COLUMNS} data={pages} rowKey={(r) => String(r.id)} empty="The sitemap listed no pages." />
            )}
            <Pagination total={total} shown={view === "findings" ? findings.length : pages.length} next={nextHref} first={firstHref} />
          </TitledSection>
        </>
      )}

      <TitledSection headingId="runs-heading" title="Past audits" headingClassName="mb-3 text-lg font-semibold">
        {runs.length === 0 ? (
          <p className={muted}>None yet.</p>
        ) : (
          <Table label="Past audits, newest first" headClass="px-3 py-2 font-semibold whitespace-nowrap" columns={["Audit", "Started", "Status", "Pages", "Findings"]}>
            {runs.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-3 py-2">
                  {r.status === "finished" ? (
                    <a href={`${PATH}?run=${r.id}`} className={link} aria-current={shown?.run.id === r.id ? "page" : undefined}>
                      Audit {r.id}
                    </a>
                  ) : (
                    `Audit ${r.id}`
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatDateTime(r.requestedAt)}
                  {r.requestedBy ? ` by ${r.requestedBy}` : ""}
                </td>
                <td className="px-3 py-2">
                  {r.statusLabel}
                  {r.error ? `: ${r.error}` : ""}
                </td>
                <td className="px-3 py-2">{r.pageCount}</td>
                <td className="px-3 py-2">{r.status === "finished" ? r.total : "–"}</td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>
    </div>
  );
}
