import { answerChange, eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import { parseForm, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { changeFaultTableState, editFaultTable, faultTableRecord, importFaultCodes } from "~/.server/technical-library/fault-tables.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FileField, FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { editFaultTableSchema, faultTableStateSchema, importFaultCodesSchema, FAULT_TABLE_STATE_INTENTS, MAX_FAULT_CSV_BYTES } from "~/lib/forms/admin/technical-library.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { Existing, FaultTableFields } from "./fields.tsx";
import type { Route } from "./+types/table";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/technical-library/{id}: one fault-code table. Its codes are edited as CSV (on the version the page was
 * drawn from: a change made meanwhile refuses it), added to from a CSV file, and the table is put on
 * /technical-data or kept for staff and technicians. Every change is audited (~/.server/technical-library).
 */
const pathOf = (id: number) => `/admin/technical-library/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const table = await faultTableRecord(await idParam(params.id, url));
  if (!table) return throwNotFound(url);
  return { table };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.table.brand} ${data.table.series}` };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => ({
    [TRASH_INTENT]: (form) => trashFromForm(form, staff, "content", id, "/admin/technical-library"),
    edit: step(editFaultTableSchema, (data) => editFaultTable(staff, id, data)),
    import: async (form, page) => {
      const parsed = parseForm(form, importFaultCodesSchema, { fields: ["intent", "version"] });
      if (parsed.refusal) return parsed.refusal;
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refuseForm(form, "Choose the CSV file of codes.", "file");
      if (file.size > MAX_FAULT_CSV_BYTES) return refuseForm(form, "The file is larger than 1 MB: split it by series.", "file");
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      } catch {
        return refuseForm(form, "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.", "file");
      }
      return answerChange(form, page, await importFaultCodes(staff, id, parsed.data.version, text));
    },
    ...eachIntent(FAULT_TABLE_STATE_INTENTS, step(faultTableStateSchema, (data) => changeFaultTableState(staff, id, data))),
  }));
}

export default function FaultTablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { table: t } = loaderData;
  const failure = actionData as Failure | undefined;
  const editFailure = failure?.intent === "edit" ? failure : undefined;
  const importFailure = failure?.intent === "import" ? failure : undefined;
  const stateFailure = failure && failure.intent !== "edit" && failure.intent !== "import" ? failure : undefined;
  const values = editFailure?.values ?? { brand: t.brand, series: t.series, source: t.source, codes: t.csv, public: t.public ? "yes" : "" };
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/technical-library", label: "Technical library" }}
        title={`${t.brand} ${t.series}`}
        description={
          <span>
            {t.codes.length} {t.codes.length === 1 ? "code" : "codes"} · last changed <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
          </span>
        }
      />
      <TitledSection headingId="state-heading" title={t.public ? "On /technical-data" : "Staff and technicians only"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          {t.public ? (
            <>
              Visitors find it at{" "}
              <a href={`/technical-data?brand=${encodeURIComponent(t.brand)}`} className={link}>
                /technical-data
              </a>
              , and the chat assistant answers with its codes.
            </>
          ) : (
            "Technicians read it in their portal; visitors, the chat assistant and the site search do not."
          )}
        </p>
        <FormError message={stateFailure?.errors.form ?? stateFailure?.errors.intent} />
        <div className="mt-3 flex flex-wrap gap-3">
          <ConfirmButton intent={t.public ? "unpublish" : "publish"} fields={{ version: t.version }}>
            {t.public ? "Keep it for staff and technicians" : "Put it on /technical-data"}
          </ConfirmButton>
          <ConfirmButton intent={TRASH_INTENT} fields={{ version: t.version }} tone="danger" confirm="Move this table to the trash? The owner can restore it for 30 days.">
            Move to trash
          </ConfirmButton>
        </div>
      </TitledSection>
      <TitledSection headingId="import-heading" title="Add codes from a CSV file" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>Columns: code, name, causes, remedy. A code already in the table takes the file&apos;s text; the others stay.</p>
        <IntentForm intent="import" version={t.version} error={importFailure?.errors.form} encType="multipart/form-data" className="mt-3 space-y-3">
          <FileField name="file" label="CSV file" required accept=".csv,text/csv" error={importFailure?.errors.file} hint="UTF-8, at most 1 MB." />
          <Button type="submit" variant="secondary">
            Import the codes
          </Button>
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="edit-heading" title="The table" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="edit" version={t.version} error={editFailure?.errors.form} className="space-y-5">
          <Existing existing={editFailure?.existing} />
          <FaultTableFields values={values} errors={editFailure?.errors ?? {}} />
          <Button type="submit">Save the table</Button>
        </IntentForm>
      </TitledSection>
    </div>
  );
}
