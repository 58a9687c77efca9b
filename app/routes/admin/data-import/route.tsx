import { staffOf } from "~/.server/auth/staff.ts";
import { importKindOptions, listImports, uploadImport } from "~/.server/data-import/batches.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB } from "~/.server/data-import/read.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FileField, FormError, SelectField } from "~/components/form/fields.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { importUploadSchema } from "~/lib/forms/admin/data-import.ts";
import type { Route } from "./+types/route";

/**
 * /admin/data-import: a CSV or Excel file of customers (with their sites and units), sites and units, products,
 * fault codes or services brought in, and the imports made so far. The upload is the first of the steps; each import's page (batch.tsx) takes it
 * on from there: columns, preview, dry run, commit, undo.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { imports: await listImports(), kinds: importKindOptions(), maxMb: IMPORT_MAX_MB };
}

export const handle = { title: "Data import" };

const STATUS: Record<string, string> = { uploaded: "Not imported yet", committed: "Imported", undone: "Undone" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const file = form.get("file");
  const fileError =
    !(file instanceof File) || file.size === 0
      ? "Choose a CSV or Excel (.xlsx) file."
      : file.size > IMPORT_MAX_BYTES
        ? `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB: the limit is ${IMPORT_MAX_MB} MB. Split it into smaller files.`
        : undefined;
  const parsed = parseForm(form, importUploadSchema(importKindOptions().map((k) => k.value)), { fields: ["kind"], extraErrors: fileError ? { file: fileError } : {} });
  if (parsed.refusal) return parsed.refusal;
  const upload = file as File;
  const result = await uploadImport(staff, parsed.data.kind, upload.name, new Uint8Array(await upload.arrayBuffer()));
  if (!result.ok) return refuseForm(form, result.message, "file");
  return redirectWithFlash(`/admin/data-import/${result.id}`, { type: "success", message: result.message });
}

export default function AdminDataImport({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const e = failure?.errors ?? {};
  return (
    <div className="space-y-8">
      <PageHeader title="Data import" description="Bring in customers (with their sites and units), products, fault codes or services from a CSV or Excel file. Nothing is changed until you import it, and an import can be undone." />
      <TitledSection headingId="upload-heading" title="Upload a file" headingClassName="text-lg font-semibold" className="max-w-2xl space-y-4">
        <p className={muted}>
          CSV saved as UTF-8 (in Excel: Save As › CSV UTF-8), or an Excel workbook (.xlsx, its first sheet), with the column names in the first row. At most {loaderData.maxMb} MB. Cells that are
          formulas are refused.
        </p>
        <form method="post" encType="multipart/form-data" className="space-y-4">
          <FormError message={e.form} />
          <SelectField
            name="kind"
            label="What the file holds"
            required
            placeholder="Choose…"
            defaultValue={failure?.values.kind}
            error={e.kind}
            options={[{ group: "Records", items: loaderData.kinds }]}
          />
          <FileField name="file" label="File" required accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" error={e.file} />
          <Button type="submit">Upload and check</Button>
        </form>
      </TitledSection>
      <TitledSection headingId="imports-heading" title="Imports" headingClassName="text-lg font-semibold" className="space-y-3">
        {loaderData.imports.length === 0 ? (
          <p className={muted}>No file has been imported yet.</p>
        ) : (
          <Table label="Imports" columns={["File", "Holds", "Rows", "Status", "Uploaded"]}>
            {loaderData.imports.map((i) => (
              <tr key={i.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-3 py-2">
                  <a className={link} href={`/admin/data-import/${i.id}`}>
                    {i.fileName}
                  </a>
                </td>
                <td className="px-3 py-2">{i.kindLabel}</td>
                <td className="px-3 py-2 tabular-nums">{i.rowCount.toLocaleString("en-IN")}</td>
                <td className="px-3 py-2">{STATUS[i.status]}</td>
                <td className="px-3 py-2">{formatDateTime(i.createdAt)}</td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>
    </div>
  );
}
