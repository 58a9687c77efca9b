import { TextArea, TextField } from "~/components/form/fields.tsx";
import { muted } from "~/components/admin/styles.ts";

/**
 * A fault-code table's fields, shared by the add page and the edit page. The codes are CSV, one per line, as a
 * spreadsheet saves them: code, name, causes, remedy (a value with a comma in it goes in double quotes).
 */
export function FaultTableFields({ values: v, errors: e }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="brand" label="Brand" required maxLength={60} autoComplete="off" defaultValue={v.brand} error={e.brand} hint="e.g. ABB" />
        <TextField name="series" label="Series" required maxLength={80} autoComplete="off" defaultValue={v.series} error={e.series} hint="e.g. ACS580" />
      </div>
      <TextField name="source" label="Source" maxLength={300} autoComplete="off" defaultValue={v.source} error={e.source} hint="Where the codes come from, e.g. the firmware manual's revision." />
      <TextArea
        name="codes"
        label="Codes (CSV)"
        rows={14}
        maxLength={1_000_000}
        defaultValue={v.codes}
        error={e.codes}
        hint="One code per line: code, name, causes, remedy. Put a value with a comma in double quotes. A first line naming the columns is skipped."
      />
      <div className="flex items-start gap-2">
        <input id="public" name="public" type="checkbox" value="yes" defaultChecked={"brand" in v ? v.public === "yes" || v.public === "on" : true} className="mt-1 size-4" />
        <label htmlFor="public">
          <span className="block font-medium">Show it on /technical-data</span>
          <span className={`block text-sm ${muted}`}>Visitors, the chat assistant and the site search find its codes. Unticked: staff and technicians only.</span>
        </label>
      </div>
    </>
  );
}

export function Existing({ existing }: { existing?: { id: number; label: string } }) {
  if (!existing) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
      This brand and series already has a table:{" "}
      <a href={`/admin/technical-library/${existing.id}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
        open {existing.label}
      </a>
      .
    </p>
  );
}
