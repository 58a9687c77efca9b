import { staffOf } from "~/.server/auth/staff.ts";
import { commitImport, dryRunImport, mapImport, undoImport, viewImport } from "~/.server/data-import/batches.ts";
import { ERRORS_SHOWN_PER_COLUMN } from "~/.server/data-import/check.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { Field, FormError } from "~/components/form/fields.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { columnChoice, importIntentSchema, MAP_FIELD_PREFIX } from "~/lib/forms/admin/data-import.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/batch";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/data-import/{id}: one uploaded file, taken through its steps by plain posts (no client state): the
 * columns (matched by header, changed here and remembered for the kind), the preview with each column's
 * errors, the dry run's counts, the import, and its undo.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const batch = await viewImport(id);
  if (!batch) return throwNotFound(url);
  return { batch, shownPerColumn: ERRORS_SHOWN_PER_COLUMN };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Import: ${data.batch.fileName}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const id = await idParam(params.id, url);
  const form = await readForm(request);
  const parsed = parseForm(form, importIntentSchema, { fields: ["intent"] });
  if (parsed.refusal) return parsed.refusal;
  const intent = parsed.data.intent;
  let result;
  if (intent === "map") {
    const chosen: Record<string, number | undefined> = {};
    for (const [name, value] of form) {
      if (!name.startsWith(MAP_FIELD_PREFIX) || typeof value !== "string") continue;
      const choice = columnChoice.safeParse(value);
      if (!choice.success) return refuseForm(form, "Choose columns of this file: reload the page.");
      chosen[name.slice(MAP_FIELD_PREFIX.length)] = choice.data;
    }
    result = await mapImport(staff, id, chosen);
  } else if (intent === "dry-run") result = await dryRunImport(staff, id);
  else if (intent === "commit") result = await commitImport(staff, id);
  else result = await undoImport(staff, id);
  if (!result.ok) return refuseForm(form, result.message);
  return redirectWithFlash(`/admin/data-import/${id}`, { type: "success", message: result.message });
}

const STATUS: Record<string, string> = { uploaded: "Not imported yet", committed: "Imported", undone: "Undone" };

/** Counts keyed "customer.created" as rows of a table: record type, then new, updated, unchanged. */
function CountsTable({ label, counts, records }: { label: string; counts: Record<string, number>; records: Record<string, string> }) {
  const entities = [...new Set(Object.keys(counts).filter((k) => k.includes(".")).map((k) => k.split(".")[0]!))];
  return (
    <Table label={label} columns={["Records", "New", "Updated", "Unchanged"]}>
      {entities.map((entity) => (
        <tr key={entity} className="border-t border-slate-200 dark:border-slate-800">
          <th scope="row" className="px-3 py-2 text-left font-medium">
            {records[entity] ?? entity}
          </th>
          {(["created", "updated", "unchanged"] as const).map((effect) => (
            <td key={effect} className="px-3 py-2 tabular-nums">
              {(counts[`${entity}.${effect}`] ?? 0).toLocaleString("en-IN")}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

const heading = "text-lg font-semibold";

export default function AdminImportBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { batch, shownPerColumn } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const report = batch.report;
  const mapped = batch.columns.filter((c) => c.column !== null);
  const canCommit = report !== null && report.missing.length === 0 && report.refusedRows === 0 && batch.dryRun !== null;
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: "/admin/data-import", label: "Data import" }}
        title={batch.fileName}
        description={`${batch.kindLabel} · ${batch.rowCount.toLocaleString("en-IN")} rows · uploaded ${formatDateTime(batch.createdAt)} · ${STATUS[batch.status]}`}
      />
      <FormError message={failure?.errors.form} />

      {batch.status === "uploaded" && report && (
        <>
          <TitledSection headingId="columns-heading" title="1. Columns" headingClassName={heading} className="space-y-3">
            <p className={muted}>Matched by the file's column names; change any that are wrong. The choice is remembered for the next file of this kind.</p>
            <IntentForm intent="map" className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {batch.columns.map((c) => (
                  <Field key={c.field} id={`${MAP_FIELD_PREFIX}${c.field}`} label={`${c.label}${c.required ? " (required)" : ""}`} error={report.missing.includes(c.label) ? "The file has no column for this: choose one." : undefined}>
                    {(aria) => (
                      <select {...aria} name={`${MAP_FIELD_PREFIX}${c.field}`} defaultValue={c.column === null ? "" : String(c.column)} className={control}>
                        <option value="">Not in the file</option>
                        {batch.headers.map((h, i) => (
                          <option key={i} value={String(i)}>
                            {h || `Column ${i + 1}`}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                ))}
              </div>
              <Button type="submit" variant="secondary">
                Save the columns
              </Button>
            </IntentForm>
          </TitledSection>

          <TitledSection headingId="preview-heading" title="2. Preview" headingClassName={heading} className="space-y-3">
            {report.missing.length > 0 ? (
              <p>Choose a column for {report.missing.join(", ")} to check the rows.</p>
            ) : report.errorCount === 0 ? (
              <p>{report.validRows === 1 ? "The row can be imported." : `All ${report.validRows.toLocaleString("en-IN")} rows can be imported.`}</p>
            ) : (
              <>
                <p>
                  {report.refusedRows.toLocaleString("en-IN")} of {batch.rowCount.toLocaleString("en-IN")} rows have errors ({report.errorCount.toLocaleString("en-IN")} in all). Correct them in the file and
                  upload it again: nothing is imported while any row has an error. The first {shownPerColumn} of each column:
                </p>
                <Table label="Errors" columns={["Column", "Line", "Error"]}>
                  {report.columns.flatMap((c) => [
                    ...c.first.map((e) => (
                      <tr key={`${c.field}-${e.line}`} className="border-t border-slate-200 dark:border-slate-800">
                        <td className="px-3 py-2">{c.label}</td>
                        <td className="px-3 py-2 tabular-nums">{e.line}</td>
                        <td className="px-3 py-2">{e.message}</td>
                      </tr>
                    )),
                    ...(c.total > c.first.length
                      ? [
                          <tr key={`${c.field}-more`} className="border-t border-slate-200 dark:border-slate-800">
                            <td className="px-3 py-2">{c.label}</td>
                            <td className="px-3 py-2" />
                            <td className={`px-3 py-2 ${muted}`}>and {(c.total - c.first.length).toLocaleString("en-IN")} more in this column</td>
                          </tr>,
                        ]
                      : []),
                  ])}
                </Table>
              </>
            )}
            {batch.preview.length > 0 && mapped.length > 0 && (
              <Table label="The first rows" columns={["Line", ...mapped.map((c) => c.label)]}>
                {batch.preview.map((r) => (
                  <tr key={r.line} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="px-3 py-2 tabular-nums">{r.line}</td>
                    {mapped.map((c) => (
                      <td key={c.field} className="px-3 py-2">
                        {r.cells[c.field]}
                      </td>
                    ))}
                  </tr>
                ))}
              </Table>
            )}
          </TitledSection>

          <TitledSection headingId="dry-run-heading" title="3. Dry run" headingClassName={heading} className="space-y-3">
            <p className={muted}>Runs the import and undoes it at once: the counts are what importing would do. Nothing is changed.</p>
            {batch.dryRun && (
              <>
                <CountsTable label="Dry run" counts={batch.dryRun} records={batch.records} />
                <p>{(batch.dryRun.refused ?? 0).toLocaleString("en-IN")} rows refused.</p>
              </>
            )}
            <IntentForm intent="dry-run">
              <Button type="submit" variant="secondary" disabled={report.missing.length > 0}>
                {batch.dryRun ? "Run the dry run again" : "Run a dry run"}
              </Button>
            </IntentForm>
          </TitledSection>

          <TitledSection headingId="commit-heading" title="4. Import" headingClassName={heading} className="space-y-3">
            <p className={muted}>Every row or none, in one go. It can be undone afterwards, unless the records have been changed or used since.</p>
            {canCommit ? (
              <IntentForm intent="commit">
                <Button type="submit">Import {report.validRows === 1 ? "1 row" : `${report.validRows.toLocaleString("en-IN")} rows`}</Button>
              </IntentForm>
            ) : (
              <p>{report.refusedRows > 0 || report.missing.length > 0 ? "Correct the errors above first." : "Run the dry run first."}</p>
            )}
          </TitledSection>
        </>
      )}

      {batch.status !== "uploaded" && batch.result && (
        <TitledSection headingId="result-heading" title={batch.status === "undone" ? "What the import did (now undone)" : "What the import did"} headingClassName={heading} className="space-y-3">
          <CountsTable label="Import" counts={batch.result} records={batch.records} />
          {batch.status === "committed" && (
            <ConfirmButton intent="undo" tone="danger" confirm="Undo this import? Records it added are removed and the fields it changed are put back.">
              Undo this import
            </ConfirmButton>
          )}
        </TitledSection>
      )}
    </div>
  );
}
