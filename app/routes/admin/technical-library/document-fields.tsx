import { muted } from "~/components/admin/styles.ts";
import { RadioGroup, TextField } from "~/components/form/fields.tsx";
import { LIBRARY_DOCUMENT_KINDS } from "~/lib/forms/admin/technical-library.ts";

/** A manual's or datasheet's fields: title, brand, model, kind, and who reads it (the upload and the edit form). */
export function LibraryDocumentFields({ values: v, errors: e }: { values: Record<string, string>; errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField name="title" label="Title" required maxLength={150} autoComplete="off" defaultValue={v.title} error={e.title} hint="As a technician would look for it, e.g. ACS580 firmware manual." />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="brand" label="Brand" required maxLength={60} autoComplete="off" defaultValue={v.brand} error={e.brand} hint="e.g. ABB" />
        <TextField name="model" label="Model" required maxLength={80} autoComplete="off" defaultValue={v.model} error={e.model} hint="The model or series, e.g. ACS580" />
      </div>
      <RadioGroup name="kind" label="Kind" required defaultValue={v.kind} error={e.kind} options={LIBRARY_DOCUMENT_KINDS} />
      <div className="flex items-start gap-2">
        <input id="document-public" name="public" type="checkbox" value="yes" defaultChecked={v.public === "yes" || v.public === "on"} className="mt-1 size-4" />
        <label htmlFor="document-public">
          <span className="block font-medium">List it on /technical-data</span>
          <span className={`block text-sm ${muted}`}>Anyone can download it there. Unticked: staff and technicians only.</span>
        </label>
      </div>
    </>
  );
}

export function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
