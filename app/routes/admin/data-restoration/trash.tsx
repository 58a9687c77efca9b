import { requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { deleteForever, listTrash, restoreFromTrash, TRASH_DAYS } from "~/.server/trash/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { When } from "~/components/admin/data-table.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { trashActionSchema } from "~/lib/forms/admin/data-restoration.ts";
import type { Route } from "./+types/trash";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/data-restoration/trash: what was deleted in the last 30 days (requests, customers, products, site
 * content), by kind, who deleted it and when, and the days left before the daily purge (ADR 046). Restore puts
 * a record back (refused when its slug or number is taken meanwhile); "Delete forever" is the owner's, with a
 * ticked box, since nothing brings it back. Invoices and their GST data are never here to purge.
 */
const PATH = "/admin/data-restoration/trash";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { groups: await listTrash(), days: TRASH_DAYS };
}

export const handle = { title: "Trash" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, trashActionSchema, { hiddenFields: ["id", "version"] });
  if (parsed.refusal) return parsed.refusal;
  const input = parsed.data;
  if (input.intent === "restore") {
    const result = await restoreFromTrash(staff, input.id, input.version);
    if (!result.ok) return refuseForm(form, result.message, "form", { entry: input.id });
    return redirectWithFlash(PATH, { type: "success", message: result.message });
  }
  // Nothing brings it back: the owner's alone, whoever else may one day see this screen.
  requirePermission(staff, "settings");
  const result = await deleteForever(staff, input.id, input.version);
  if (!result.ok) return refuseForm(form, result.message, "form", { entry: input.id });
  return redirectWithFlash(PATH, { type: "success", message: result.message });
}

export default function Trash({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, days } = loaderData;
  const failure = actionData as (FormFailure & { entry?: number }) | undefined;
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Trash"
        back={{ href: "/admin/data-restoration", label: "Data restoration" }}
        description={`Deleted requests, customers, products and site content wait here for ${days} days, then are deleted for good by the nightly purge. A customer is then erased as a personal-data erasure would: their invoices and the GST data on them are kept, as the tax law says.`}
      />
      <FormError message={failure?.errors.form ?? failure?.errors.confirm ?? failure?.errors.intent} />
      {total === 0 && <p className={muted}>The trash is empty.</p>}
      {groups
        .filter((g) => g.items.length > 0)
        .map((g) => (
          <section key={g.kind} aria-labelledby={`trash-${g.kind}`} className="space-y-2">
            <h2 id={`trash-${g.kind}`} className="text-lg font-semibold">
              {g.group} ({g.items.length.toLocaleString("en-IN")})
            </h2>
            <Table label={`${g.group} in the trash`} className="relative" columns={["Record", "Deleted", "Days left", "Actions"]}>
              {g.items.map((item) => (
                <tr key={item.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="px-3 py-2">
                    <span className="block font-semibold break-words">{item.label}</span>
                    {item.detail && <span className={`block text-sm break-words ${muted}`}>{item.detail}</span>}
                  </td>
                  <td className="px-3 py-2">
                    <When at={item.deletedAt} />
                    <span className="block text-sm">by {item.deletedBy}</span>
                  </td>
                  <td className="px-3 py-2">{item.daysLeft === 0 ? "Purged at the next daily run (04:00)" : `${item.daysLeft} ${item.daysLeft === 1 ? "day" : "days"}`}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-start gap-2">
                      <ConfirmButton intent="restore" fields={{ id: item.id, version: item.version }}>
                        Restore <span className="sr-only">{item.label}</span>
                      </ConfirmButton>
                      <IntentForm intent="delete-forever" className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="id" value={item.id} />
                        <input type="hidden" name="version" value={item.version} />
                        <label className="flex items-center gap-1 text-sm">
                          <input type="checkbox" name="confirm" value="yes" required />
                          Sure<span className="sr-only">: delete {item.label} forever</span>
                        </label>
                        <Button type="submit" variant="danger" size="small">
                          Delete forever <span className="sr-only">{item.label}</span>
                        </Button>
                      </IntentForm>
                    </div>
                    {failure?.entry === item.id && failure.errors.confirm && <p className="mt-1 text-sm text-red-800 dark:text-red-300">{failure.errors.confirm}</p>}
                  </td>
                </tr>
              ))}
            </Table>
          </section>
        ))}
      <p className={muted}>
        <a className={link} href="/admin/activity">
          Every delete, restore and purge is in the activity log.
        </a>
      </p>
    </div>
  );
}
