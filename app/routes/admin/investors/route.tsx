import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import type { ColumnDef } from "@tanstack/react-table";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { pageLinks, parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { changeInvestorDocument, listInvestorDocuments, listInvestorEnquiries, uploadInvestorDocument } from "~/.server/investors/index.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { DataTable, whenColumn } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FileField, FormError, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { documentActionSchema, INVESTOR_DOCUMENT_MAX_BYTES, investorListSchema, uploadDocumentSchema, type InvestorListFilters } from "~/lib/forms/admin/investors.ts";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section.tsx";
import { keptField } from "~/components/admin/kept-field.ts";

/**
 * /admin/investors: the enquiries sent from /investors (open, new, replied, closed, all; newest first on
 * keyset pages), each opening its page to reply by e-mail and change its status; and the documents
 * /investors publishes: upload a report (PDF only, checked by content, at most 20 MB), publish, unpublish
 * or delete it. Domain: ~/.server/investors.
 */
const PATH = "/admin/investors";

const TABS: Array<{ value: InvestorListFilters["status"]; label: string }> = [
  { value: "open", label: "Open" },
  { value: "new", label: "New" },
  { value: "replied", label: "Replied" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, investorListSchema);
  const [page, documents] = await Promise.all([listInvestorEnquiries(filters, cursor), listInvestorDocuments()]);
  return {
    filters,
    rows: page.rows,
    total: page.counts[filters.status],
    tabs: tabLinks(url, TABS, { param: "status", current: filters.status, default: "open", counts: page.counts }),
    ...pageLinks(url, cursor, page.next),
    documents,
    uploadKey: randomUUID(),
  };
}

export const handle = { title: "Investors" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "upload") {
    const parsed = parseForm(form, uploadDocumentSchema);
    if (parsed.refusal) return parsed.refusal;
    const file = form.get("file");
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) return refuseForm(form, "Choose the PDF file to upload.", "file");
    try {
      const result = await uploadInvestorDocument(staff, parsed.data, file);
      if (!result.ok) return refuseForm(form, result.message, result.field);
      return redirectWithFlash(`${PATH}#documents-heading`, { type: "success", message: result.message });
    } catch (error) {
      if (error instanceof UploadError) return refuseForm(form, error.message, "file");
      throw error;
    }
  }
  if (intent === "publish" || intent === "unpublish" || intent === "delete") {
    const parsed = parseForm(form, documentActionSchema);
    if (parsed.refusal) return parsed.refusal;
    const result = await changeInvestorDocument(staff, parsed.data);
    if (!result.ok && result.reason === "not-found") return throwNotFound(url);
    if (!result.ok) return refuseForm(form, result.message, "documents");
    return redirectWithFlash(`${PATH}#documents-heading`, { type: "success", message: result.message });
  }
  return refuseForm(form, OUT_OF_DATE);
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "reference",
    header: "Enquiry",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.reference}`} className={`${link} whitespace-nowrap`}>
          {r.reference}
        </a>
        <span className="block">{r.name}</span>
        {r.company && <span className={`block ${muted}`}>{r.company}</span>}
      </>
    ),
  },
  { id: "message", header: "Message", cell: ({ row: { original: r } }) => <span className="line-clamp-3 max-w-md">{r.subject ? `${r.subject}: ` : ""}{r.message || "(no message)"}</span> },
  { id: "status", header: "Status", cell: ({ row: { original: r } }) => `${r.statusLabel}${r.replies ? ` (${r.replies} ${r.replies === 1 ? "reply" : "replies"})` : ""}` },
  whenColumn("at", "Received", (r) => r.createdAt),
];

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function AdminInvestors({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, nextHref, firstHref, documents, uploadKey } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const upload = failure?.intent === "upload" ? failure : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Investors" description="Enquiries sent from the investors page, and the reports it publishes." />
      {failure && failure.intent !== "upload" && <FormError message={failure.errors.form ?? failure.errors.documents ?? Object.values(failure.errors)[0]} />}

      <TitledSection headingId="enquiries-heading" title="Enquiries" className="mb-10" headingClassName="mb-3 text-lg font-semibold">
        <FilterTabs label="Which enquiries" tabs={tabs} />
        <DataTable
          caption="Investor enquiries, newest first"
          columns={COLUMNS}
          data={rows}
          rowKey={(r) => r.reference}
          empty={filters.status === "all" ? "No investor enquiries yet. They come from the form on /investors." : "No enquiries here."}
        />
        <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
      </TitledSection>

      <TitledSection headingId="documents-heading" title="Documents on /investors" headingClassName="mb-1 text-lg font-semibold">
        <p className={`mb-3 text-sm ${muted}`}>
          Reports as PDF. Published ones are listed on the{" "}
          <a href="/investors" className={link}>
            investors page
          </a>{" "}
          with a download link.
        </p>
        {documents.length === 0 ? (
          <p className="mb-6 rounded-md border border-dashed border-slate-300 p-4 text-center dark:border-slate-700">No documents yet: upload the first below.</p>
        ) : (
          <ul className="mb-6 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    <a href={`${PATH}/documents/${d.id}`} className={link}>
                      {d.title}
                    </a>
                    {d.period && <span className="font-normal"> · {d.period}</span>}
                  </p>
                  <p className={`text-sm break-words ${muted}`}>
                    {d.published ? "Published" : "Not published"} · {d.fileName}, {megabytes(d.bytes)} · uploaded <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
                    {d.uploadedBy ? ` by ${d.uploadedBy}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ConfirmButton intent={d.published ? "unpublish" : "publish"} fields={{ document: d.id, was: d.published ? "published" : "unpublished" }}>
                    {d.published ? "Unpublish" : "Publish"}
                    <span className="sr-only"> {d.title}</span>
                  </ConfirmButton>
                  <ConfirmButton intent="delete" tone="danger" fields={{ document: d.id, was: d.published ? "published" : "unpublished" }} confirm={`Delete “${d.title}” and its file?`}>
                    Delete<span className="sr-only"> {d.title}</span>
                  </ConfirmButton>
                </div>
              </li>
            ))}
          </ul>
        )}

        <form method="post" encType="multipart/form-data" className="max-w-xl space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800" aria-labelledby="upload-heading">
          <h3 id="upload-heading" className="font-semibold">
            Upload a document
          </h3>
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="idempotencyKey" value={upload?.values.idempotencyKey ?? uploadKey} />
          <FormError message={upload?.errors.form ?? upload?.errors.idempotencyKey} />
          <TextField {...keptField(upload, "title")} label="Title" required maxLength={150} hint="As investors should read it, e.g. Annual report 2025-26." />
          <TextField {...keptField(upload, "period")} label="Period" maxLength={40} hint="Optional, e.g. FY 2025-26 or Q2 FY 2026-27." />
          <FileField name="file" label="PDF file" required accept=".pdf,application/pdf" error={upload?.errors.file} hint={`PDF only, at most ${INVESTOR_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`} />
          <div className="flex items-center gap-2">
            <input id="publish" name="publish" type="checkbox" defaultChecked={upload ? upload.values.publish === "on" : true} className="size-5" />
            <label htmlFor="publish">List it on /investors at once</label>
          </div>
          <Button type="submit">
            Upload
          </Button>
        </form>
      </TitledSection>
    </div>
  );
}
