import { randomUUID } from "node:crypto";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { redirect } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { clientAddress, readForm, refuse, UNREADABLE_FORM, isUnreadable } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { partPickerLabels } from "~/.server/products/catalogue.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import {
  addNote,
  addPart,
  addPhotos,
  fieldJobPage,
  missingFor,
  pendingSignoffCode,
  requestParts,
  sendSignoffCode,
  setLabour,
  setStage,
  signOffDrawn,
  verifySignoffCode,
  type FieldResult,
} from "~/.server/technicians/field-work.ts";
import { DetailList } from "~/components/detail-list.tsx";
import { FieldIdPrefix, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { newKey, registerFieldWorker } from "~/components/technician/offline-queue.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { SignaturePad } from "~/components/technician/signature-pad.tsx";
import { useFieldQueue, type FieldQueue } from "~/components/technician/use-field-queue.ts";
import { clockTime, durationText, mapsHref, visitWindow } from "~/components/technician/visit.ts";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { fieldErrors } from "~/lib/forms/fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { isJobIntent, JOB_SCHEMAS, PART_UNITS, partQuantity, savedMessage, type JobIntent } from "~/lib/forms/technician-job.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { FIELD_STAGES } from "~/lib/requests/field-stages.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { useSite } from "~/lib/use-site.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/job";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { link } from "~/components/ui/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { partsRequestsForJob } from "~/.server/stock/parts-requests.ts";

/**
 * /technician/jobs/{id}: one job assigned to the signed-in technician, worked from the phone on site: the
 * customer, the site (map, call), the fault; the stage, notes, photos, parts and the customer's sign-off.
 * Every action is a plain POST form (intent + one-time key) that works without JavaScript; with it, a form
 * sent without a connection waits in the phone's queue and goes when the signal returns. A job assigned to
 * someone else (or a made-up id) is the 404 page.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const page = await fieldJobPage(session.user, params.id);
  if (!page) return throwNotFound(url);
  const challenge = url.searchParams.get("challenge");
  const challengeId =
    challenge && /^\d{1,9}$/.test(challenge) && !page.record.signoff && (await pendingSignoffCode(page.job.mobile, Number(challenge))) ? Number(challenge) : null;
  const evidence = {
    signoff: !!page.record.signoff,
    notes: page.record.notes.length,
    photos: page.record.photos.length,
    parts: page.record.parts.length,
  };
  return {
    ...page,
    productLabels: await partPickerLabels(),
    // Parts requested for the job (issue 19 §5): what it waits for, and where each stands.
    partsRequests: (await partsRequestsForJob(page.job.id)).map((p) => ({ id: p.id, description: p.description, quantityText: p.quantityText, stateLabel: p.stateLabel })),
    // What each stage still needs (the office's requirements against what the job has).
    missing: Object.fromEntries(FIELD_STAGES.map((s) => [s.value, missingFor(page.requirements[s.value], evidence)])),
    // One key per form: a page sends each form once, however often it is pressed.
    keys: Object.fromEntries(["stage", "note", "photos", "part", "parts-needed", "labour", "signoff", "signoff-verify"].map((intent) => [intent, randomUUID()])),
    saved: savedMessage(url.searchParams.get("saved")) ?? null,
    challengeId,
    signer: challengeId ? (url.searchParams.get("signer") ?? "").slice(0, 100) : "",
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Job ${data.job.reference}` };

/** Fields not echoed back after a refusal: the drawn signature (large) and a code. */
const NOT_ECHOED = new Set(["signature", "code", "idempotencyKey", "happenedAt", "intent"]);

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "technician");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isUnreadable(form) || !isJobIntent(intent)) return refuse({ errors: { form: UNREADABLE_FORM }, values: {} }, 400, noStore());
  const raw: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in raw)) raw[name] = value;
  const values = Object.fromEntries(Object.entries(raw).filter(([name]) => !NOT_ECHOED.has(name)).map(([k, v]) => [k, v.slice(0, 2000)]));
  const parsed = JOB_SCHEMAS[intent].safeParse(raw);
  if (!parsed.success) return refuse({ form: intent, errors: fieldErrors(parsed.error), values }, 400, noStore());
  const actor = { user: session.user, address: clientAddress(context) };
  const data = parsed.data;
  let result: FieldResult;
  switch (data.intent) {
    case "stage":
      result = await setStage(actor, params.id, data);
      break;
    case "note":
      result = await addNote(actor, params.id, data);
      break;
    case "photos":
      result = await addPhotos(actor, params.id, data, form.getAll("photos"));
      break;
    case "part":
      result = await addPart(actor, params.id, data);
      break;
    case "parts-needed":
      result = await requestParts(actor, params.id, data);
      break;
    case "labour":
      result = await setLabour(actor, params.id, data);
      break;
    case "signoff":
      result = await signOffDrawn(actor, params.id, data);
      break;
    case "signoff-code":
      result = await sendSignoffCode(actor, params.id, data);
      break;
    case "signoff-verify":
      result = await verifySignoffCode(actor, params.id, data);
      break;
  }
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuse({ form: intent, errors: { [result.field]: result.message }, values }, 400, noStore());
  const next = new URLSearchParams({ saved: result.saved });
  if (result.challengeId && data.intent === "signoff-code") {
    next.set("challenge", String(result.challengeId));
    next.set("signer", data.signerName);
  }
  return redirect(`${url.pathname}?${next}#${result.saved.startsWith("stage") ? "stage" : data.intent.startsWith("signoff") ? "signoff" : "record"}`, {
    status: 303,
    headers: noStore(),
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

const buttonClass = "inline-flex min-h-12 items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const secondaryButton = "inline-flex min-h-12 items-center justify-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800";
const sectionClass = "mt-8 scroll-mt-4";

interface Failure {
  form?: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
}

export default function TechnicianJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, saved } = loaderData;
  const { identity } = useSite();
  const queue = useFieldQueue(`/technician/jobs/${job.id}`);
  const failure: Failure | undefined = queue.failure ?? (actionData as FormFailure | undefined);
  const failureFor = (intent: JobIntent) => (failure?.form === intent ? failure : undefined);

  // The forms a technician types into: leaving one half-filled asks first.
  const noteForm = useRef<HTMLFormElement>(null);
  const photoForm = useRef<HTMLFormElement>(null);
  const partForm = useRef<HTMLFormElement>(null);
  const partsNeededForm = useRef<HTMLFormElement>(null);
  const signoffForm = useRef<HTMLFormElement>(null);
  const labourForm = useRef<HTMLFormElement>(null);
  const dirty = [useFormDirty(noteForm), useFormDirty(photoForm), useFormDirty(partForm), useFormDirty(partsNeededForm), useFormDirty(labourForm), useFormDirty(signoffForm)].some(Boolean);
  useUnsavedChangesGuard(dirty);

  useEffect(() => {
    // The page stays readable offline (the service worker keeps the pages opened today).
    void registerFieldWorker([window.location.pathname]);
    // A page kept offline carries the keys it was first served with: fresh ones, so that each form sent
    // from it is its own.
    document.querySelectorAll<HTMLInputElement>('form[data-intent] input[name="idempotencyKey"]').forEach((input) => {
      input.value = newKey();
    });
  }, []);

  const equipment = [job.equipmentBrand, job.equipmentModel, job.equipmentRating].filter(Boolean).join(", ");
  const map = mapsHref(job.siteAddress, job.city);
  const status = queue.notice ?? saved;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {/* Live (issue 12 §1): the office's changes (visit, status) show; typed forms and the offline queue are kept. */}
      <LiveStatus kinds={["request.updated"]} reference={job.reference} what="This job" />
      <p>
        <a href="/technician/dashboard" data-reload className={link}>
          ← My Jobs
        </a>
      </p>
      <h1 className="mt-3 text-3xl font-bold">
        Job <span className="font-mono">{job.reference}</span>
      </h1>
      <p className="mt-2 text-lg">
        {job.serviceName ?? "Service to be confirmed"}: <strong>{urgencyLabel(job.urgency)}</strong>
      </p>
      <p role="status" className="mt-3 empty:hidden rounded-md border border-green-700 bg-green-50 p-3 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
        {status ?? ""}
      </p>
      {queue.ready && !queue.online && (
        <p className="mt-3 rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-900 dark:bg-slate-900 dark:text-amber-300">
          No connection. What you save is kept on this phone and sent when the signal returns.
        </p>
      )}
      {queue.signedOut && (
        <p className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-800 dark:bg-slate-900 dark:text-red-300">
          You are signed out, so nothing can be sent.{" "}
          <a href={`/technician/login?returnTo=${encodeURIComponent(`/technician/jobs/${job.id}`)}`} data-reload className="underline">
            Sign in again
          </a>
          : what is waiting stays on this phone and is sent then.
        </p>
      )}
      <WaitingList queue={queue} />

      <dl className="mt-4 grid gap-2 rounded-md border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-800">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Stage</dt>
          <dd className="font-semibold">{job.fieldStageLabel}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Status</dt>
          <dd className="font-semibold">{officeStatusLabel(job.status)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Time on site</dt>
          <dd className="font-semibold">
            {durationText(job.minutesOnSite)}
            {job.onSiteSince ? ` (on site since ${clockTime(job.onSiteSince)})` : ""}
          </dd>
        </div>
      </dl>

      <TitledSection headingId="customer-heading" className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-5 dark:border-slate-700 dark:bg-slate-900" headingClassName="text-lg font-semibold" title="Customer and site">
        <p className="mt-2 text-lg">
          {job.contactName}
          {job.company ? `, ${job.company}` : ""}
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <a href={telHref(job.mobile)} className={buttonClass}>
            Call {formatIndianPhone(job.mobile)}
          </a>
          {map && (
            <a href={map} className={secondaryButton} rel="noopener">
              Open the site in Maps
            </a>
          )}
        </div>
        {(job.siteAddress || job.city) && (
          <p className="mt-3">
            <span className="font-medium">Site: </span>
            <span className="whitespace-pre-line">{[job.siteAddress, job.city].filter(Boolean).join(", ")}</span>
          </p>
        )}
        <p className="mt-2">
          <span className="font-medium">Visit: </span>
          {job.visitStart ? visitWindow(job.visitStart, job.visitEnd) : job.preferredDate ? `not booked yet (the customer prefers ${formatDate(job.preferredDate)})` : "not booked yet"}
        </p>
      </TitledSection>

      <TitledSection headingId="details-heading" className="mt-8" headingClassName="text-xl font-semibold" title="The job">
        <DetailList
          rows={[
            ["Fault", job.faultDescription],
            ["Fault code", job.faultCode],
            ["Equipment", equipment || null],
            ["Service", job.serviceName],
            ["Urgency", urgencyLabel(job.urgency)],
            ["PO number", job.poNumber],
            ["Assigned", job.assignedAt ? formatDateTime(job.assignedAt) : null],
            ["Received", formatDateTime(job.createdAt)],
          ]}
        />
      </TitledSection>

      <StageSection data={loaderData} queue={queue} failure={failureFor("stage")} />
      <NoteSection data={loaderData} queue={queue} failure={failureFor("note")} formRef={noteForm} />
      <PhotoSection data={loaderData} queue={queue} failure={failureFor("photos")} formRef={photoForm} />
      <PartSection data={loaderData} queue={queue} failure={failureFor("part")} formRef={partForm} />
      <PartsNeededSection data={loaderData} queue={queue} failure={failureFor("parts-needed")} formRef={partsNeededForm} />
      <LabourSection data={loaderData} queue={queue} failure={failureFor("labour")} formRef={labourForm} />
      <SignoffSection data={loaderData} queue={queue} failure={failure} formRef={signoffForm} />
      <RecordSection data={loaderData} />

      <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
        Something unclear, or you cannot make it? Call the office on{" "}
        <a href={telHref(identity.supportPhone)} className="underline">
          {formatIndianPhone(identity.supportPhone)}
        </a>{" "}
        and quote {job.reference}.
      </p>
    </div>
  );
}

/** The queue's list: what waits to be sent, and what the server refused (with its message). */
function WaitingList({ queue }: { queue: FieldQueue }) {
  if (!queue.ready || (queue.waiting.length === 0 && queue.refused.length === 0)) return null;
  return (
    <section aria-labelledby="waiting-heading" className="mt-4 rounded-md border border-amber-700 p-4">
      {queue.waiting.length > 0 && (
        <>
          <h2 id="waiting-heading" className="text-lg font-semibold">
            Waiting to send ({queue.waiting.length})
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Waiting to send">
            {queue.waiting.map((item) => (
              <li key={item.key}>
                {item.label} <span className="text-sm text-slate-600 dark:text-slate-400">(saved {clockTime(item.createdAt)})</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">They are kept on this phone and sent by themselves when the signal returns.</p>
          {queue.online && (
            <button type="button" onClick={queue.sendNow} disabled={queue.sending} className={`${secondaryButton} mt-3`}>
              {queue.sending ? "Sending…" : "Send now"}
            </button>
          )}
        </>
      )}
      {queue.refused.length > 0 && (
        <>
          <h2 id={queue.waiting.length ? "refused-heading" : "waiting-heading"} className="mt-3 text-lg font-semibold text-red-800 dark:text-red-300">
            Not accepted ({queue.refused.length})
          </h2>
          <ul className="mt-2 space-y-2">
            {queue.refused.map((item) => (
              <li key={item.key}>
                <span className="font-medium">{item.label}</span>: {item.message}{" "}
                <button type="button" onClick={() => queue.dismiss(item.key)} className="underline">
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface SectionProps {
  data: LoaderData;
  queue: FieldQueue;
  failure?: Failure;
  formRef?: React.RefObject<HTMLFormElement | null>;
}

/** A form of the page: posts to the job itself with its intent and key; the queue takes it with JavaScript. */
function JobForm({
  intent,
  data,
  queue,
  formRef,
  children,
  label,
  multipart,
}: {
  intent: JobIntent;
  data: LoaderData;
  queue: FieldQueue;
  formRef?: React.RefObject<HTMLFormElement | null>;
  children: ReactNode;
  label: string;
  multipart?: boolean;
}) {
  return (
    <FieldIdPrefix.Provider value={`${intent}-`}>
      <form
        ref={formRef}
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        data-intent={intent}
        aria-label={label}
        onSubmit={queue.onSubmit}
        className="mt-3 space-y-4"
        noValidate
      >
        <input type="hidden" name="intent" value={intent} />
        {intent in data.keys && <FormKey value={data.keys[intent]!} />}
        {children}
      </form>
    </FieldIdPrefix.Provider>
  );
}

/**
 * The form's one-time key as a hidden field, written once: the queue gives the field a new key after each
 * use, and a re-render must not put the old one back (React rewrites a hidden input's value whenever it
 * renders it with a value, so the element is made once and reused).
 */
function FormKey({ value }: { value: string }) {
  const [field] = useState(() => <input type="hidden" name="idempotencyKey" defaultValue={value} />);
  return field;
}

function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

function StageSection({ data, queue, failure }: SectionProps) {
  const { job } = data;
  const closed = job.status === "completed" || job.status === "cancelled";
  return (
    <TitledSection id="stage" headingId="stage-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Stage">
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Now: <strong>{job.fieldStageLabel}</strong>. The customer sees each stage on their request page.
      </p>
      {closed ? (
        <p className="mt-3">{job.status === "cancelled" ? "The office cancelled this job." : "This job is marked done. Call the office if it needs to be reopened."}</p>
      ) : (
        <JobForm intent="stage" data={data} queue={queue} label="Set the stage">
          <FormError message={failure?.errors.form} />
          <div className="grid gap-3 sm:grid-cols-2">
            {FIELD_STAGES.map((stage) => {
              const missing = data.missing[stage.value] ?? [];
              const current = job.fieldStage === stage.value;
              return (
                <div key={stage.value}>
                  <button
                    type="submit"
                    name="stage"
                    value={stage.value}
                    aria-pressed={current}
                    aria-describedby={missing.length ? `stage-needs-${stage.value}` : undefined}
                    className={`${current ? "bg-green-700 hover:bg-green-800" : ""} ${buttonClass} w-full`}
                  >
                    {stage.label}
                  </button>
                  {missing.length > 0 && (
                    <p id={`stage-needs-${stage.value}`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      Needs first: {missing.join(", ")}.
                    </p>
                  )}
                </div>
              );
            })}
          </div>
          <FieldMessage id="stage-stage-error" message={failure?.errors.stage} />
        </JobForm>
      )}
      {data.stageHistory.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">Status history</h3>
          <ol className="mt-2 space-y-1 text-sm">
            {data.stageHistory.map((s, i) => (
              <li key={i}>
                <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>: {s.statusLabel}
                {s.note ? `. ${s.note}` : ""}
              </li>
            ))}
          </ol>
        </>
      )}
    </TitledSection>
  );
}

function NoteSection({ data, queue, failure, formRef }: SectionProps) {
  return (
    <TitledSection headingId="note-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Add a note">
      <JobForm intent="note" data={data} queue={queue} formRef={formRef} label="Add a note">
        <FormError message={failure?.errors.form} />
        <TextArea
          name="note"
          label="Note"
          required
          rows={4}
          maxLength={2000}
          error={failure?.errors.note}
          defaultValue={failure?.values?.note}
          hint="What you found and what you did. The customer reads it, unless you tick the box below."
        />
        <div className="flex items-start gap-3">
          <input id="note-internal" type="checkbox" name="internal" defaultChecked={failure?.values?.internal === "on"} className="mt-1 size-5" />
          <label htmlFor="note-internal">For the office only (the customer does not see it)</label>
        </div>
        <button type="submit" className={buttonClass}>
          Add note
        </button>
      </JobForm>
    </TitledSection>
  );
}

function PhotoSection({ data, queue, failure, formRef }: SectionProps) {
  const error = failure?.errors.photos;
  return (
    <TitledSection headingId="photos-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Add photos">
      <JobForm intent="photos" data={data} queue={queue} formRef={formRef} label="Add photos" multipart>
        <FormError message={failure?.errors.form} />
        <div>
          <label htmlFor="photos-photos" className="block font-medium">
            Photos
            <span className="text-red-700 dark:text-red-400" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <input
            id="photos-photos"
            type="file"
            name="photos"
            accept="image/*"
            capture="environment"
            multiple
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={`photos-photos-hint${error ? " photos-photos-error" : ""}`}
            className="mt-1 block w-full text-base file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-4 file:font-semibold dark:file:bg-slate-900 dark:file:text-slate-100"
          />
          <p id="photos-photos-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Take them with the camera or choose them: up to 5 at a time, 10 MB each. The customer sees them in the job report.
          </p>
          <FieldMessage id="photos-photos-error" message={error} />
        </div>
        <TextField name="caption" label="Caption" maxLength={200} error={failure?.errors.caption} defaultValue={failure?.values?.caption} />
        <button type="submit" className={buttonClass}>
          Add photos
        </button>
      </JobForm>
    </TitledSection>
  );
}

function PartSection({ data, queue, failure, formRef }: SectionProps) {
  const unitError = failure?.errors.unit;
  return (
    <TitledSection headingId="part-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Parts used">
      {/* The products list is a <datalist> in the page (works offline): a label picked from it links the part
          to the product on the server; typing the part stays for parts not in the list. */}
      <JobForm intent="part" data={data} queue={queue} formRef={formRef} label="Record a part">
        <FormError message={failure?.errors.form} />
        <div>
          <label htmlFor="part-product" className="block font-medium">
            From our products list <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <input
            id="part-product"
            name="product"
            type="text"
            list="part-products"
            maxLength={200}
            autoComplete="off"
            defaultValue={failure?.values?.product}
            aria-describedby="part-product-hint"
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          <datalist id="part-products">
            {data.productLabels.map((label) => (
              <option key={label} value={label} />
            ))}
          </datalist>
          <p id="part-product-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Start typing the make or model and pick it; the part below can then stay empty.
          </p>
        </div>
        <TextField name="description" label="Part" required maxLength={200} error={failure?.errors.description} defaultValue={failure?.values?.description} hint="Name, make and rating, e.g. Cooling fan 24 V DC, 120 mm (or pick it from the list above)" />
        <div className="grid grid-cols-2 gap-3">
          <TextField name="quantity" label="Quantity" required inputMode="numeric" maxLength={4} error={failure?.errors.quantity} defaultValue={failure?.values?.quantity ?? "1"} />
          <div>
            <label htmlFor="part-unit" className="block font-medium">
              Unit
            </label>
            <select
              id="part-unit"
              name="unit"
              defaultValue={failure?.values?.unit ?? "nos"}
              aria-invalid={unitError ? true : undefined}
              aria-describedby={unitError ? "part-unit-error" : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              {PART_UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </select>
            <FieldMessage id="part-unit-error" message={unitError} />
          </div>
        </div>
        <button type="submit" className={buttonClass}>
          Record part
        </button>
      </JobForm>
    </TitledSection>
  );
}

/**
 * "Parts needed" (issue 19 §5): a part the job waits for goes to the office as a parts request; they reserve
 * it from stock or order it, and book the next visit when it is in. Queued offline like the other forms.
 */
function PartsNeededSection({ data, queue, failure, formRef }: SectionProps) {
  const closed = data.job.status === "completed" || data.job.status === "cancelled";
  return (
    <TitledSection id="parts-needed" headingId="parts-needed-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Parts needed">
      {data.partsRequests.length > 0 && (
        <ul className="mt-2 space-y-1">
          {data.partsRequests.map((p) => (
            <li key={p.id}>
              {p.quantityText} {p.description}: <strong>{p.stateLabel}</strong>
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <JobForm intent="parts-needed" data={data} queue={queue} formRef={formRef} label="Ask for a part">
          <FormError message={failure?.errors.form} />
          <div>
            <label htmlFor="parts-needed-product" className="block font-medium">
              Pick it from our products <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </label>
            <input
              id="parts-needed-product"
              name="product"
              type="text"
              list="part-products"
              maxLength={200}
              autoComplete="off"
              defaultValue={failure?.values?.product}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            />
          </div>
          <TextField name="description" label="What is needed" required maxLength={200} error={failure?.errors.description} defaultValue={failure?.values?.description} hint="Name, make and rating (or pick it from the list above)" />
          <div className="grid grid-cols-2 gap-3">
            <TextField name="quantity" label="How many" required inputMode="numeric" maxLength={4} error={failure?.errors.quantity} defaultValue={failure?.values?.quantity ?? "1"} />
            <div>
              <label htmlFor="parts-needed-unit" className="block font-medium">
                Counted in
              </label>
              <select
                id="parts-needed-unit"
                name="unit"
                defaultValue={failure?.values?.unit ?? "nos"}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              >
                {PART_UNITS.map((u) => (
                  <option key={u.value} value={u.value}>
                    {u.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField name="note" label="Message for the office" maxLength={300} error={failure?.errors.note} defaultValue={failure?.values?.note} />
          <button type="submit" className={buttonClass}>
            Ask for the part
          </button>
        </JobForm>
      )}
    </TitledSection>
  );
}

/**
 * The labour time (issue 17 §4): entered by the technician rather than only taken from the stage times (a
 * job may take longer than the time on site, or less). Queued offline like every other form.
 */
function LabourSection({ data, queue, failure, formRef }: SectionProps) {
  const { job } = data;
  return (
    <TitledSection id="labour" headingId="labour-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Labour time">
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {job.labourMinutes !== null ? (
          <>
            Entered: <strong>{durationText(job.labourMinutes)}</strong>. Enter it again to correct it.
          </>
        ) : (
          <>Time on site so far: {durationText(job.minutesOnSite)}. Enter the time the work took, for the invoice.</>
        )}
      </p>
      <JobForm intent="labour" data={data} queue={queue} formRef={formRef} label="Save the labour time">
        <FormError message={failure?.errors.form} />
        <div className="grid grid-cols-2 gap-3">
          <TextField name="hours" label="Hours" inputMode="numeric" maxLength={3} error={failure?.errors.hours} defaultValue={failure?.values?.hours} />
          <TextField name="minutes" label="Minutes" inputMode="numeric" maxLength={2} error={failure?.errors.minutes} defaultValue={failure?.values?.minutes} />
        </div>
        <button type="submit" className={buttonClass}>
          Save labour time
        </button>
      </JobForm>
    </TitledSection>
  );
}

function SignoffSection({ data, queue, failure, formRef }: SectionProps) {
  const { record, job } = data;
  // The drawn signature needs JavaScript: shown once the page is running it.
  const scripted = useHydrated();
  const drawn = failure?.form === "signoff" ? failure : undefined;
  const code = failure?.form === "signoff-code" ? failure : undefined;
  const verify = failure?.form === "signoff-verify" ? failure : undefined;
  return (
    <TitledSection id="signoff" headingId="signoff-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Customer&apos;s sign-off">
      {record.signoff ? (
        <p className="mt-2">
          Signed off by <strong>{record.signoff.signerName}</strong> on {formatDateTime(record.signoff.signedAt)}
          {record.signoff.method === "otp" ? `, confirmed by a code sent to ${formatIndianPhone(record.signoff.confirmedMobile ?? job.mobile)}` : ""}.
        </p>
      ) : (
        <>
          {scripted && (
            <JobForm intent="signoff" data={data} queue={queue} formRef={formRef} label="Sign-off with a signature">
              <p className="text-slate-700 dark:text-slate-300">When the work is done, ask the customer to type their name and sign below with a finger.</p>
              <FormError message={drawn?.errors.form} />
              <TextField name="signerName" label="Customer's name" required maxLength={100} autoComplete="off" error={drawn?.errors.signerName} defaultValue={drawn?.values?.signerName ?? job.contactName} />
              <div>
                <p id="signoff-signature-label" className="font-medium">
                  Signature
                </p>
                <SignaturePad name="signature" labelledBy="signoff-signature-label" describedBy={drawn?.errors.signature ? "signoff-signature-error" : undefined} invalid={!!drawn?.errors.signature} />
                <FieldMessage id="signoff-signature-error" message={drawn?.errors.signature} />
              </div>
              <button type="submit" className={buttonClass}>
                Save sign-off
              </button>
            </JobForm>
          )}
          <div className={scripted ? "mt-6 border-t border-slate-200 pt-4 dark:border-slate-800" : "mt-3"}>
            <h3 className="font-semibold">{scripted ? "Or: confirm with a code by SMS" : "Confirm with a code by SMS"}</h3>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              We send a one-time code to the customer&apos;s mobile {formatIndianPhone(job.mobile)}; they read it to you if they accept the work.
            </p>
            {data.challengeId ? (
              <JobForm intent="signoff-verify" data={data} queue={queue} label="Confirm the sign-off code">
                <FormError message={verify?.errors.form} />
                <input type="hidden" name="challengeId" value={data.challengeId} />
                <TextField name="signerName" label="Customer's name" required maxLength={100} error={verify?.errors.signerName} defaultValue={verify?.values?.signerName ?? data.signer} />
                <TextField name="code" label="6-digit code" required inputMode="numeric" maxLength={6} autoComplete="one-time-code" error={verify?.errors.code ?? verify?.errors.challengeId} />
                <button type="submit" className={buttonClass}>
                  Confirm sign-off
                </button>
              </JobForm>
            ) : null}
            <JobForm intent="signoff-code" data={data} queue={queue} label="Send a sign-off code">
              <FormError message={code?.errors.form} />
              {!data.challengeId && (
                <TextField name="signerName" label="Customer's name" required maxLength={100} error={code?.errors.signerName} defaultValue={code?.values?.signerName ?? job.contactName} />
              )}
              {data.challengeId && <input type="hidden" name="signerName" value={data.signer || job.contactName} />}
              <button type="submit" className={secondaryButton}>
                {data.challengeId ? "Send a new code" : "Send the code by SMS"}
              </button>
            </JobForm>
          </div>
        </>
      )}
    </TitledSection>
  );
}

function RecordSection({ data }: { data: LoaderData }) {
  const { record, job } = data;
  return (
    <TitledSection id="record" headingId="record-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Job report">
      <h3 className="mt-4 font-semibold">Notes ({record.notes.length})</h3>
      {record.notes.length === 0 ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">No notes yet.</p>
      ) : (
        <ul className="mt-2 space-y-3" aria-label="Notes">
          {record.notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>, {n.author}
                {n.internal ? " · for the office only" : ""}
              </p>
              <p className="mt-1 whitespace-pre-line">{n.note}</p>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-5 font-semibold">Photos ({record.photos.length})</h3>
      {record.photos.length === 0 ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">No photos yet.</p>
      ) : (
        <PhotoGrid
          label="Photos"
          className="mt-2"
          reload
          photos={record.photos.map((p, i) => ({ ...p, src: `/technician/jobs/${job.id}/photos/${p.id}`, alt: p.caption ? p.caption : `Photo ${i + 1} from the site` }))}
        />
      )}
      <h3 className="mt-5 font-semibold">Parts used ({record.parts.length})</h3>
      {record.parts.length === 0 ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">No parts recorded.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Parts used">
          {record.parts.map((p) => (
            <li key={p.id}>
              {p.description}: {partQuantity(p.quantity, p.unit)}
            </li>
          ))}
        </ul>
      )}
      {record.signoff?.hasSignature && (
        <>
          <h3 className="mt-5 font-semibold">Signature</h3>
          <img
            src={`/technician/jobs/${job.id}/signature`}
            alt={`Signature of ${record.signoff.signerName}`}
            width={600}
            height={200}
            className="mt-2 h-auto w-full max-w-sm rounded-md border border-slate-200 bg-white dark:border-slate-800"
          />
        </>
      )}
    </TitledSection>
  );
}
