import { randomUUID } from "node:crypto";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { uploadLibraryDocument } from "~/.server/technical-library/documents.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FileField, FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { LIBRARY_DOCUMENT_MAX_BYTES, uploadLibraryDocumentSchema } from "~/lib/forms/admin/technical-library.ts";
import { LibraryDocumentFields } from "./document-fields.tsx";
import type { Route } from "./+types/document-new";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/technical-library/documents/new: upload a manual or datasheet. The file must be a PDF by its content
 * (checked on the server: its first bytes, then a parse); anything else is refused beside the field and nothing
 * is stored. The form's one-time key makes a second send of the same form store nothing more.
 */
export function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { uploadKey: randomUUID() };
}

export const handle = { title: "Upload a manual or datasheet" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, uploadLibraryDocumentSchema);
  if (parsed.refusal) return parsed.refusal;
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return refuseForm(form, "Choose the PDF file to upload.", "file");
  try {
    const result = await uploadLibraryDocument(staff, parsed.data, file);
    return redirectWithFlash(`/admin/technical-library/documents/${result.id}`, { type: "success", message: result.message });
  } catch (error) {
    if (error instanceof UploadError) return refuseForm(form, error.message, "file");
    throw error;
  }
}

export default function NewLibraryDocument({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const values = failure?.values ?? { kind: "manual" };
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: "/admin/technical-library/documents", label: "Manuals and datasheets" }} title="Upload a manual or datasheet" description="A PDF, by brand and model, for the public or for staff and technicians." />
      <IntentForm intent="upload" encType="multipart/form-data" className="space-y-5">
        <input type="hidden" name="idempotencyKey" value={failure?.values.idempotencyKey ?? loaderData.uploadKey} />
        <FormError message={failure?.errors.form ?? failure?.errors.idempotencyKey} />
        <FileField name="file" label="PDF file" required accept=".pdf,application/pdf" error={failure?.errors.file} hint={`PDF only, at most ${LIBRARY_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB. Choose it again after a refusal.`} />
        <LibraryDocumentFields values={values} errors={failure?.errors ?? {}} />
        <Button type="submit">Upload the document</Button>
      </IntentForm>
    </div>
  );
}
