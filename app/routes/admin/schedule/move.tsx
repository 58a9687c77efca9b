import { parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { moveJob, movePage } from "~/.server/schedule/move.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link } from "~/components/admin/styles.ts";
import { FormError, SelectField, TextField } from "~/components/form/fields.tsx";
import { TechnicianSelect } from "~/components/form/technician-select.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { REFERENCE_PATTERN } from "~/lib/forms/admin/request-actions.ts";
import { moveSchema } from "~/lib/forms/admin/schedule.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { timeOptions } from "../service-requests/actions.tsx";
import type { Route } from "./+types/move";

/**
 * /admin/schedule/move/{reference}: one job's move on the schedule board, without JavaScript. The form asks the
 * technician, the date and the window; saving checks the clashes first (overlap, leave, skill, travel) and, when
 * there are any, shows them and saves nothing: "Save anyway" then saves over exactly those (kept in the audit
 * entry). The save is the request page's own assign and schedule steps, in one transaction.
 */

/** Where to go back: a board address only (never another site). */
function backOf(url: URL | FormData): string {
  const back = url instanceof URL ? url.searchParams.get("back") : url.get("back");
  return typeof back === "string" && back.startsWith("/admin/schedule") && !back.startsWith("//") ? back : "/admin/schedule";
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

export async function loader({ url, params }: Route.LoaderArgs) {
  if (!REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  // A proposal in the address (from the board, or a link a dispatcher shares): its clashes shown at once.
  const p = Object.fromEntries(url.searchParams);
  const technicianId = Number(p.technicianId);
  const proposal =
    Number.isInteger(technicianId) && technicianId > 0 && /^\d{4}-\d{2}-\d{2}$/.test(p.date ?? "") && CLOCK.test(p.from ?? "") && CLOCK.test(p.to ?? "") && p.from !== p.to
      ? { technicianId, date: p.date!, from: p.from!, to: p.to! }
      : undefined;
  const page = await movePage(params.reference, proposal);
  if (!page) return throwNotFound(url);
  return { ...page, proposal: proposal ?? null, back: backOf(url), today: todayInIndia() };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Move ${data.request.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  const parsed = parseForm(form, moveSchema());
  if (parsed.refusal) return parsed.refusal;
  const result = await moveJob(staff, params.reference, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") return throwNotFound(url);
    return refuseForm(form, result.message, result.field, { clashes: result.clashes ?? [], fingerprint: result.fingerprint ?? "" });
  }
  return redirectWithFlash(backOf(form), { type: "success", message: result.message });
}

type Failure = FormFailure & { clashes?: string[]; fingerprint?: string };

export default function MoveJob({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, current, technicians, preview, proposal, back, today } = loaderData;
  const failure = actionData as Failure | undefined;
  const value = (name: "technicianId" | "date" | "from" | "to") => failure?.values[name] ?? (proposal ? String(proposal[name]) : current[name] === undefined ? undefined : String(current[name]));
  // The clashes to save over: those the refused save found, else those of the proposal in the address.
  const clashes = failure?.clashes ?? preview?.clashes ?? [];
  const fingerprint = failure?.fingerprint ?? preview?.fingerprint ?? "";
  return (
    <div className="max-w-3xl">
      <PageHeader title={`Move ${r.reference}`} back={{ href: back, label: "Schedule" }} />
      <section aria-labelledby="job-heading" className="mb-5 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="job-heading" className="text-lg font-semibold">
          {r.customer}
          {r.emergency && <strong className="ml-2 text-red-800 dark:text-red-300">Emergency</strong>}
        </h2>
        <p>
          {r.service} · {r.urgencyLabel} · {r.statusLabel}
        </p>
        <p>{[r.site, r.city].filter(Boolean).join(", ") || "Site not given"}</p>
        <p>
          {r.contactName}:{" "}
          <a className={link} href={telHref(r.phone)}>
            {formatIndianPhone(r.phone)}
          </a>
        </p>
        <p className="mt-1">{r.fault}</p>
        <p className="mt-1">
          Now: {r.technician ?? "no technician"}
          {r.visit ? `, ${r.visit.date}, ${r.visit.window}` : ", no visit booked"}.{" "}
          <a className={link} href={`/admin/service-requests/${r.reference}`}>
            Open the request
          </a>
        </p>
      </section>
      {r.closed ? (
        <p>This request is closed: there is nothing to schedule.</p>
      ) : (
        <form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="version" value={r.version} />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="acknowledged" value={fingerprint} />
          <FormError message={failure?.errors.form} />
          {clashes.length > 0 && (
            <div role="alert" className="rounded-md border-2 border-amber-600 bg-amber-50 p-3 dark:bg-amber-950">
              <h2 className="font-semibold">Clashes of this move</h2>
              <ul className="ml-5 list-disc">
                {clashes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <p className="mt-1 text-sm">Saving anyway keeps these warnings in the activity log.</p>
            </div>
          )}
          <TechnicianSelect technicians={technicians} defaultValue={value("technicianId")} error={failure?.errors.technicianId} />
          <TextField name="date" type="date" label="Date" required defaultValue={value("date") ?? today} error={failure?.errors.date} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField name="from" label="From" required placeholder="Choose…" options={timeOptions()} defaultValue={value("from")} error={failure?.errors.from} />
            <SelectField name="to" label="To" required placeholder="Choose…" options={timeOptions()} defaultValue={value("to")} error={failure?.errors.to} hint="Earlier than the start: it ends the next day." />
          </div>
          <p className="text-sm">The technician and the customer are told by SMS, as from the request's page.</p>
          <Button type="submit">{clashes.length > 0 ? "Save anyway" : "Save the move"}</Button>
        </form>
      )}
    </div>
  );
}
