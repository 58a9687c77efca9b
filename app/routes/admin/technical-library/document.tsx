import { intentAction, step } from "~/.server/admin/actions.ts";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { editLibraryDocument, libraryDocumentRecord, removeLibraryDocument } from "~/.server/technical-library/documents.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { editLibraryDocumentSchema, libraryKindLabel, removeLibraryDocumentSchema } from "~/lib/forms/admin/technical-library.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { LibraryDocumentFields, megabytes } from "./document-fields.tsx";
import type { Route } from "./+types/document";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/technical-library/documents/{id}: one manual or datasheet: open its PDF, change its title, brand, model,
 * kind and who reads it (on the version the page showed), or remove it. Each change is audited.
 */
const LIST = "/admin/technical-library/documents";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const doc = await libraryDocumentRecord(await idParam(params.id, url));
  if (!doc) return throwNotFound(url);
  return { doc };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.doc.title };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const id = await idParam(params.id, url);
  return intentAction(await readForm(request), { url, back: `${LIST}/${id}` }, {
    edit: step(editLibraryDocumentSchema, (data) => editLibraryDocument(staff, id, data)),
    remove: step(removeLibraryDocumentSchema, (data) => removeLibraryDocument(staff, id, data.version), LIST),
  });
}

export default function LibraryDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { doc } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const editFailure = failure?.intent === "edit" ? failure : undefined;
  const otherFailure = failure && failure.intent !== "edit" ? failure : undefined;
  const values = editFailure?.values ?? { title: doc.title, brand: doc.brand, model: doc.model, kind: doc.kind, public: doc.public ? "yes" : "" };
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: LIST, label: "Manuals and datasheets" }}
        title={doc.title}
        description={
          <span>
            {libraryKindLabel(doc.kind)} · {doc.brand} {doc.model} · {doc.pages} {doc.pages === 1 ? "page" : "pages"}, {megabytes(doc.bytes)} · last changed{" "}
            <time dateTime={doc.updatedAt}>{formatDateTime(doc.updatedAt)}</time>
          </span>
        }
      />
      <TitledSection headingId="file-heading" title={doc.public ? "On /technical-data" : "Staff and technicians only"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          <a href={doc.href} className={link}>
            Open {doc.fileName}
          </a>
          {doc.publicHref ? (
            <>
              {" "}
              · visitors download it from{" "}
              <a href="/technical-data#manuals-heading" className={link}>
                /technical-data
              </a>
            </>
          ) : (
            " · technicians read it in their portal's library"
          )}
          .
        </p>
      </TitledSection>
      <TitledSection headingId="edit-heading" title="About the document" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="edit" version={doc.version} error={editFailure?.errors.form} className="space-y-5">
          <LibraryDocumentFields values={values} errors={editFailure?.errors ?? {}} />
          <Button type="submit">Save</Button>
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="remove-heading" title="Remove it" className="rounded-md border border-red-200 p-4 dark:border-red-900" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>The file is deleted; technicians who pinned it lose it from their phones the next time they open their library.</p>
        <FormError message={otherFailure?.errors.form ?? otherFailure?.errors.version} />
        <div className="mt-3">
          <ConfirmButton intent="remove" fields={{ version: doc.version }} tone="danger" confirm={`Remove “${doc.title}”?`}>
            Remove the document
          </ConfirmButton>
        </div>
      </TitledSection>
    </div>
  );
}
