import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addFaultTable } from "~/.server/technical-library/fault-tables.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newFaultTableSchema } from "~/lib/forms/admin/technical-library.ts";
import { Existing, FaultTableFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/** /admin/technical-library/new: a fault-code table for a brand and series; the same pair twice is refused, with a link. */
export function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return null;
}

export const handle = { title: "Add a fault-code table" };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newFaultTableSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addFaultTable(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/technical-library/${result.id}`, { type: "success", message: `${parsed.data.brand} ${parsed.data.series} added.` });
}

export default function NewFaultTable({ actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/technical-library", label: "Technical library" }} title="Add a fault-code table" description="One brand and series, with its codes as a spreadsheet saves them (CSV)." />
      <form method="post" className="space-y-5">
        <FormError message={failure?.errors.form} />
        <Existing existing={failure?.existing} />
        <FaultTableFields values={failure?.values ?? {}} errors={failure?.errors ?? {}} />
        <Button type="submit">Add the table</Button>
      </form>
    </div>
  );
}
