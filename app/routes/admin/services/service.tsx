import { eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import { renderMarkdown } from "~/.server/content/index.ts";
import type { FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { changeServiceState, editService } from "~/.server/service-catalogue/changes.ts";
import { serviceRecord, servicePlaces } from "~/.server/service-catalogue/list.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError, TextField } from "~/components/form/fields.tsx";
import { Prose } from "~/components/prose.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { editServiceSchema, MAX_SERVICE_FAQS, SERVICE_STATE_INTENTS, serviceStateSchema } from "~/lib/forms/admin/services.ts";
import { paiseToRupeesInput } from "~/lib/forms/admin/products.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { citiesOf, Existing, ServiceFields } from "./fields.tsx";
import type { Route } from "./+types/service";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/services/{id}: one service's edit form (on the version it was drawn from: a change made meanwhile
 * refuses it, with a message), its place in the home page's order, show / hide, and a preview of its page's
 * text as the site renders it. A service is never deleted (requests and quotes name it): it is hidden.
 * Every change is audited in its transaction (~/.server/service-catalogue/changes.ts).
 */

const pathOf = (id: number) => `/admin/services/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const [service, places] = await Promise.all([serviceRecord(id), servicePlaces()]);
  if (!service) return throwNotFound(url);
  return { service, places, bodyHtml: renderMarkdown(service.body) };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.service.name };

type Failure = FormFailure & { existing?: { id: number; name: string } };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => ({
    [TRASH_INTENT]: (form) => trashFromForm(form, staff, "content", id, "/admin/services"),
    edit: step(editServiceSchema, (data) => editService(staff, id, data)),
    ...eachIntent(SERVICE_STATE_INTENTS, step(serviceStateSchema, (data) => changeServiceState(staff, id, data))),
  }));
}

/** The record's fields as the form's values. */
function formValues(s: Route.ComponentProps["loaderData"]["service"]): Record<string, string> {
  const d = s.data;
  const values: Record<string, string> = {
    name: s.name,
    category: s.category,
    summary: s.summary,
    body: s.body,
    turnaround: d?.turnaround ?? "",
    brands: (d?.brands ?? []).join("\n"),
    faults: (d?.faults ?? []).join("\n"),
    deliverables: (d?.deliverables ?? []).join("\n"),
    sac: s.sac ?? "",
    bandMin: s.band ? paiseToRupeesInput(s.band.minPaise) : "",
    bandMax: s.band ? paiseToRupeesInput(s.band.maxPaise) : "",
    shown: s.shown ? "yes" : "",
    position: String(s.place),
  };
  (d?.faqs ?? []).slice(0, MAX_SERVICE_FAQS).forEach((f, i) => {
    values[`faqQuestion${i}`] = f.question;
    values[`faqAnswer${i}`] = f.answer;
  });
  return values;
}

export default function AdminService({ loaderData, actionData }: Route.ComponentProps) {
  const { service: s, places, bodyHtml } = loaderData;
  const failure = actionData as Failure | undefined;
  const editFailure = failure?.intent === "edit" ? failure : undefined;
  const stateFailure = failure && failure.intent !== "edit" ? failure : undefined;
  const values = editFailure?.values ?? formValues(s);
  const cities = editFailure ? citiesOf(editFailure.values) : (s.data?.cities ?? []);
  const e = editFailure?.errors ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/services", label: "Services" }}
        title={s.name}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>{s.category}</span>
            <span>
              · No. {s.place} on the home page ·{" "}
              {s.shown ? (
                <a href={s.path} className={link}>
                  {s.path}
                </a>
              ) : (
                <span className="font-mono">{s.path}</span>
              )}
            </span>
          </span>
        }
      />
      <TitledSection headingId="state-heading" title={s.shown ? "Shown on the site" : "Hidden: its page answers 404"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          Last changed <time dateTime={s.updatedAt}>{formatDateTime(s.updatedAt)}</time>. Requests and quotes keep the name they were made with; a deleted service waits 30 days in the trash.
        </p>
        <FormError message={stateFailure?.errors.form ?? stateFailure?.errors.intent} />
        <div className="mt-3 flex flex-wrap gap-3">
          <ConfirmButton
            intent={s.shown ? "hide" : "show"}
            fields={{ version: s.version }}
            tone={s.shown ? "danger" : "default"}
            confirm={s.shown ? "Hide this service? It leaves the home catalogue, the search and the sitemap, and its page answers 404." : undefined}
          >
            {s.shown ? "Hide from the site" : "Show on the site"}
          </ConfirmButton>
          <ConfirmButton intent={TRASH_INTENT} fields={{ version: s.version }} tone="danger" confirm="Move this service to the trash? Its page answers 404; the owner can restore it for 30 days.">
            Move to trash
          </ConfirmButton>
        </div>
      </TitledSection>
      <TitledSection headingId="edit-heading" title="Details" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="edit" version={s.version} error={e.form} className="space-y-5">
          <Existing existing={editFailure?.existing} />
          <TextField
            name="position"
            label="Place on the home page"
            required
            inputMode="numeric"
            maxLength={3}
            autoComplete="off"
            defaultValue={values.position}
            error={e.position}
            hint="1 is first; the others move along."
          />
          <ServiceFields values={values} errors={e} places={places} cities={cities} />
          <p className={`text-sm ${muted}`}>
            Its address, <span className="font-mono">{s.path}</span>, stays the same when the name changes, so links to it keep working.
          </p>
          <Button type="submit">Save changes</Button>
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="preview-heading" title={<>The page&apos;s text as the site shows it</>} className="mt-10" headingClassName="mb-3 text-lg font-semibold">
        {s.body.trim() ? <Prose html={bodyHtml} className="rounded-md border border-slate-200 p-4 dark:border-slate-800" /> : <p className={muted}>No text yet: the page shows its description and lists.</p>}
      </TitledSection>
    </div>
  );
}
