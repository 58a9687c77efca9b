import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { bookIn, intakePage } from "~/.server/bench/intake.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FieldError, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { intakeSchema } from "~/lib/forms/admin/bench.ts";
import { REFERENCE_PATTERN } from "~/lib/forms/admin/request-actions.ts";
import type { Route } from "./+types/bench-intake";
import type { PageHandle } from "~/lib/page-title.ts";

/**
 * /admin/service-requests/{reference}/bench: booking a unit in for bench repair against the request. The
 * office picks one of the customer's units (each shown with a running warranty, if any) or enters a new one,
 * writes the fault reported, the condition on arrival and the accessories received, and adds photos. The
 * job card opens with its number; a unit whose serial number is still under an earlier repair's warranty is
 * flagged. One plain multipart form; its key makes a second post find the first job card.
 */

const requestPath = (reference: string) => `/admin/service-requests/${encodeURIComponent(reference)}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const page = REFERENCE_PATTERN.test(params.reference) ? await intakePage(params.reference) : undefined;
  if (!page) return throwNotFound(url);
  return {
    ...page,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Bench intake for ${data.request.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  const parsed = parseForm(form, intakeSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await bookIn(staff, params.reference, parsed.data, form.getAll("photos"));
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : refuseForm(form, result.message, result.field);
  return redirectWithFlash(`/admin/bench/${encodeURIComponent(result.jobCard)}`, { type: "success", message: result.message });
}

const optionClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800";

export default function BenchIntake({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, customer, units } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  const chosen = v.unit ?? (units.length ? undefined : "new");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: requestPath(r.reference), label: r.reference }}
        title="Book in for bench repair"
        description={
          <>
            For <span className="font-mono">{r.reference}</span>, {r.contactName}
            {r.company ? `, ${r.company}` : ""}
            {customer ? (
              <>
                {" "}
                (customer{" "}
                <a href={`/admin/customers/${encodeURIComponent(customer.reference)}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
                  {customer.reference}
                </a>
                )
              </>
            ) : null}
            . The unit gets a job card number and a label to print.
          </>
        }
      />
      <form method="post" encType="multipart/form-data" aria-label="Bench intake" className="space-y-6">
        <FormError message={e.form ?? e.idempotencyKey} />
        <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? loaderData.idempotencyKey} />

        <fieldset aria-describedby={e.unit ? "unit-error" : undefined}>
          <legend className="text-lg font-semibold">Unit</legend>
          <ul className="mt-2 space-y-2">
            {units.map((u) => (
              <li key={u.id}>
                <label className={optionClass}>
                  <input type="radio" name="unit" value={u.id} defaultChecked={chosen === String(u.id)} className="mt-1 size-4 shrink-0" />
                  <span>
                    <span className="block font-medium">{u.text}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">{[u.kind, u.rating].filter(Boolean).join(", ") || "No kind or rating recorded"}</span>
                    {u.warranty && <span className="mt-1 block text-sm font-semibold text-amber-900 dark:text-amber-200">{u.warranty}: it will be flagged as a repeat.</span>}
                    {u.onThisRequest && <span className="mt-1 block text-sm">Already booked in on this request as {u.onThisRequest}.</span>}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className={optionClass}>
                <input type="radio" name="unit" value="new" defaultChecked={chosen === "new"} className="mt-1 size-4 shrink-0" />
                <span>
                  <span className="block font-medium">A new unit</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">Enter it below: it is added to the customer&apos;s units.</span>
                </span>
              </label>
            </li>
          </ul>
          <FieldError id="unit-error" message={e.unit} />
        </fieldset>

        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">New unit</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">Only when &quot;A new unit&quot; is chosen. A serial number lets the warranty follow the unit.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="make" label="Make" maxLength={80} defaultValue={v.make ?? r.equipmentBrand ?? undefined} error={e.make} hint="Required for a new unit." />
            <TextField name="model" label="Model" maxLength={80} defaultValue={v.model ?? r.equipmentModel ?? undefined} error={e.model} />
            <TextField name="serialNumber" label="Serial number" maxLength={80} defaultValue={v.serialNumber} error={e.serialNumber} />
            <TextField name="rating" label="Rating" maxLength={80} defaultValue={v.rating ?? r.equipmentRating ?? undefined} error={e.rating} hint="e.g. 7.5 kW 415 V" />
            <TextField name="kind" label="Kind of equipment" maxLength={60} defaultValue={v.kind} error={e.kind} hint="e.g. VFD, Servo drive, PLC, HMI" />
          </div>
        </fieldset>

        <TextArea name="faultReported" label="Fault reported" required rows={3} maxLength={2000} defaultValue={v.faultReported ?? r.faultDescription} error={e.faultReported} />
        <TextArea
          name="conditionOnArrival"
          label="Condition on arrival"
          required
          rows={3}
          maxLength={2000}
          defaultValue={v.conditionOnArrival}
          error={e.conditionOnArrival}
          hint="Damage, missing covers, burn marks, seals: what the customer would dispute later."
        />
        <TextArea name="accessories" label="Accessories received" rows={2} maxLength={500} defaultValue={v.accessories} error={e.accessories} hint="Keypad, cables, manual, mounting brackets…" />
        <div>
          <label htmlFor="photos" className="block font-medium">
            Photos on arrival <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <input
            id="photos"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            aria-describedby={e.photos ? "photos-hint photos-error" : "photos-hint"}
            aria-invalid={e.photos ? true : undefined}
            className="mt-1 block w-full text-base"
          />
          <p id="photos-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Up to 5 photos (JPEG, PNG, WebP or HEIC), 10 MB each. If the form is refused, choose them again.
          </p>
          <FieldError id="photos-error" message={e.photos} />
        </div>
        <Button type="submit">
          Book in and open the job card
        </Button>
      </form>
    </div>
  );
}
