import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf, type StaffMember } from "~/.server/auth/staff.ts";
import { benchJobPage } from "~/.server/bench/view.ts";
import { addBenchPhotos, moveStage, recordDiagnosis, recordEstimate, recordRepair, recordTest } from "~/.server/bench/work.ts";
import type { BenchResult } from "~/.server/bench/shared.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { EventTimeline } from "~/components/event-timeline.tsx";
import { TextArea, TextField } from "~/components/form/fields.tsx";
import { listText, TEST_PARAMETERS } from "~/lib/bench/stages.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  diagnosisSchema,
  estimateSchema,
  isBenchIntent,
  JOB_CARD_PATTERN,
  moveSchema,
  photosSchema,
  repairSchema,
  testSchema,
  type BenchIntent,
} from "~/lib/forms/admin/bench.ts";
import { can } from "~/lib/auth/permissions.ts";
import type { Route } from "./+types/job";
import type { PageHandle } from "~/lib/page-title.ts";
import { PhotoGrid } from "~/components/photo-grid.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentFormPanel } from "~/components/admin/intent-form-panel.tsx";
import { keptField } from "~/components/admin/kept-field.ts";

/**
 * /admin/bench/{jobCard}: one unit in the workshop (the label's QR code opens it). Its details and the
 * warranty flag, links to the request, the customer and the printable label, the steps for its stage
 * (move on with a note, diagnosis, estimate, repair notes, test report, photos), its photos and its history.
 * Every step is a plain form with an intent and the job's version; the domain is ~/.server/bench/work.ts.
 */

const pathOf = (jobCard: string) => `/admin/bench/${encodeURIComponent(jobCard)}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const page = JOB_CARD_PATTERN.test(params.jobCard) ? await benchJobPage(params.jobCard) : undefined;
  if (!page) return throwNotFound(url);
  const requestBase = `/admin/service-requests/${encodeURIComponent(page.request.reference)}`;
  return {
    ...page,
    photos: page.photos.map((p) => ({ ...p, src: `${requestBase}/photos/${p.id}` })),
    photoKey: crypto.randomUUID(),
    // Issue 11: the estimate becomes a quote, made from the diagnosis (for those who handle money).
    canQuote: can(staff.role, "money") && ["diagnosis", "estimate"].includes(page.job.stage),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.job.jobCard}: Bench repair` };

async function perform(staff: StaffMember, jobCard: string, form: FormData): Promise<{ refusal: ReturnType<typeof refuseForm> } | { result: BenchResult }> {
  const intent = form.get("intent");
  if (!isBenchIntent(intent)) return { refusal: refuseForm(form, OUT_OF_DATE) };
  switch (intent) {
    case "move": {
      const p = parseForm(form, moveSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await moveStage(staff, jobCard, p.data) };
    }
    case "diagnosis": {
      const p = parseForm(form, diagnosisSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await recordDiagnosis(staff, jobCard, p.data) };
    }
    case "estimate": {
      const p = parseForm(form, estimateSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await recordEstimate(staff, jobCard, p.data) };
    }
    case "repair": {
      const p = parseForm(form, repairSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await recordRepair(staff, jobCard, p.data) };
    }
    case "test": {
      const p = parseForm(form, testSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await recordTest(staff, jobCard, p.data) };
    }
    case "photos": {
      const p = parseForm(form, photosSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await addBenchPhotos(staff, jobCard, p.data, form.getAll("photos")) };
    }
  }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!JOB_CARD_PATTERN.test(params.jobCard)) return throwNotFound(url);
  const form = await readForm(request);
  const outcome = await perform(staff, params.jobCard, form);
  if ("refusal" in outcome) return outcome.refusal;
  const { result } = outcome;
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(params.jobCard), { type: "success", message: result.message });
}

const optionClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800";
const errorText = "mt-1 text-sm font-medium text-red-700 dark:text-red-400";

/** A step refused for a stale form (a photo sent twice, a job changed meanwhile) says so above the fields. */
const STEP_ERRORS = ["form", "idempotencyKey", "version"] as const;

export default function BenchJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, unit, request, customer, repeatOf, repeats, moves, steps, events, photos } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const f = (intent: BenchIntent) => (failure?.intent === intent ? failure : undefined);
  const move = f("move");
  const diagnosis = f("diagnosis");
  const estimate = f("estimate");
  const repair = f("repair");
  const test = f("test");
  const photo = f("photos");
  const details: Array<[string, string | null]> = [
    ["Unit", unit.text],
    ["Kind", unit.kind],
    ["Rating", unit.rating],
    ["Serial number", unit.serialNumber ?? "Not recorded"],
    ["Received", formatDateTime(job.receivedAt)],
    ["Fault reported", job.faultReported],
    ["Condition on arrival", job.conditionOnArrival],
    ["Accessories", job.accessories ?? "None recorded"],
    ["Diagnosis", job.diagnosis],
    ["Estimate", job.estimate],
    ["Repair notes", job.repairNotes],
    ["Load test", job.testResult ? `${job.testResult === "pass" ? "Passed" : "Failed"}${job.testParametersText ? `: ${job.testParametersText}` : ""}` : null],
    ["Test notes", job.testNotes],
    ["Returned", job.returnedAt ? formatDateTime(job.returnedAt) : null],
    ["Warranty until", job.warrantyUntil],
  ];
  const chosenMove = move?.values.to ?? (moves.length === 1 ? moves[0]!.value : undefined);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        back={{ href: "/admin/bench", label: "Bench repair" }}
        title={
          <>
            <span className="font-mono">{job.jobCard}</span>: {unit.make} {unit.model ?? ""}
          </>
        }
        description={
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <span className="rounded-full border border-brand-700 bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800 dark:bg-slate-800 dark:text-sky-200">{job.stageLabel}</span>
            <span>
              {request.contactName}
              {request.company ? ` · ${request.company}` : ""}
            </span>
          </span>
        }
        actions={
          <>
            {loaderData.canQuote && (
              <ButtonLink href={`/admin/quotes/new?bench=${encodeURIComponent(job.jobCard)}`} primary>
                Make a quote
              </ButtonLink>
            )}
            <ButtonLink href={`${pathOf(job.jobCard)}/label`}>Print label</ButtonLink>
          </>
        }
      />

      {repeatOf && (
        <p role="note" className="mb-4 rounded-md border border-amber-500 bg-amber-50 p-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Warranty repeat: this serial number was repaired under{" "}
          <a href={pathOf(repeatOf.jobCard)} className="font-mono underline">
            {repeatOf.jobCard}
          </a>
          {repeatOf.warrantyUntil ? `, under warranty until ${repeatOf.warrantyUntil}` : ""}. Check the earlier repair before charging.
        </p>
      )}
      {repeats.length > 0 && (
        <p className="mb-4 rounded-md border border-amber-500 p-3">
          Came back within this repair&apos;s warranty as{" "}
          {repeats.map((r, i) => (
            <span key={r}>
              {i > 0 && ", "}
              <a href={pathOf(r)} className="font-mono underline">
                {r}
              </a>
            </span>
          ))}
          .
        </p>
      )}

      <p className="flex flex-wrap gap-x-5 gap-y-2">
        <a href={`/admin/service-requests/${encodeURIComponent(request.reference)}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
          Request {request.reference} ({request.statusLabel})
        </a>
        {customer && (
          <a href={`/admin/customers/${encodeURIComponent(customer.reference)}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
            Customer {customer.reference}: {customer.name}
          </a>
        )}
        <a href="#steps" className="font-semibold text-brand-700 underline lg:hidden dark:text-sky-300">
          Go to the steps
        </a>
      </p>

      <div className="mt-2 gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <TitledSection headingId="unit-heading" title="Unit and job" className="mt-6" headingClassName="text-xl font-semibold">
            <DetailList rows={details} />
          </TitledSection>

          {photos.length > 0 && (
            <TitledSection headingId="gallery-heading" title="Photos" className="mt-8" headingClassName="text-xl font-semibold">
              <PhotoGrid photos={photos.map((p) => ({ ...p, alt: `${p.caption ?? "Bench photo"}: ${p.originalName}` }))} />
            </TitledSection>
          )}

          <EventTimeline
            heading={{ id: "history-heading", text: "History" }}
            events={events.map((e) => ({ id: e.id, title: e.stageLabel, createdAt: e.createdAt, by: e.by, note: e.note, audience: e.internal ? "internal" : "customer" }))}
          />
        </div>

        <div className="mt-8 min-w-0">
          <h2 id="steps" className="scroll-mt-4 text-xl font-semibold">
            Steps
          </h2>
          <div className="mt-3 space-y-5">
            {moves.length > 0 ? (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="move" title="Move to the next stage" version={job.version} failure={failure} button="Move" intro={`Now: ${job.stageLabel}.`}>
                <fieldset aria-describedby={move?.errors.to ? "move-to-error" : undefined}>
                  <legend className="font-medium">Next stage</legend>
                  <ul className="mt-2 space-y-2">
                    {moves.map((m) => (
                      <li key={m.value}>
                        <label className={optionClass}>
                          <input type="radio" name="to" value={m.value} defaultChecked={chosenMove === m.value} className="mt-1 size-4 shrink-0" />
                          <span>
                            <span className="block font-medium">{m.label}</span>
                            {m.missing.length > 0 && <span className="block text-sm text-slate-700 dark:text-slate-300">Needs {listText(m.missing)} first.</span>}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  {move?.errors.to && (
                    <p id="move-to-error" className={errorText}>
                      {move.errors.to}
                    </p>
                  )}
                </fieldset>
                <TextArea {...keptField(move, "note")} label="Note" rows={2} maxLength={1000} hint="The customer reads it on their request page, unless internal." />
                <label className="flex items-start gap-3">
                  <input type="checkbox" name="internal" value="yes" defaultChecked={move?.values.internal === "yes"} className="mt-1 size-5 shrink-0" />
                  <span>Internal note, not shown to the customer</span>
                </label>
                {/* Issue 17 §4: the repair waits for the customer's approval of the estimate, unless overridden with a reason. */}
                {job.stage === "estimate" && (
                  <>
                    <label className="flex items-start gap-3">
                      <input type="checkbox" name="override" value="yes" defaultChecked={move?.values.override === "yes"} className="mt-1 size-5 shrink-0" />
                      <span>Start without approval (the customer has not approved the estimate&apos;s quote)</span>
                    </label>
                    <TextArea
                      {...keptField(move, "overrideReason")}
                      label="Why without approval"
                      rows={2}
                      maxLength={500}
                      hint="Kept in the audit log. Needed only when starting without approval."
                    />
                  </>
                )}
              </IntentFormPanel>
            ) : (
              <p>This unit has been returned{job.warrantyUntil ? `; its warranty runs until ${job.warrantyUntil}` : ""}. The job card is closed.</p>
            )}

            {steps.diagnosis && (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="diagnosis" title="Diagnosis" version={job.version} failure={failure} button="Save the diagnosis">
                <TextArea name="diagnosis" label="What is the fault" required rows={4} maxLength={4000} defaultValue={diagnosis?.values.diagnosis ?? job.diagnosis ?? undefined} error={diagnosis?.errors.diagnosis} hint="The customer reads it." />
              </IntentFormPanel>
            )}

            {steps.estimate && (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="estimate" title="Estimate" version={job.version} failure={failure} button="Save the estimate" intro="The repair starts once the customer approves it (the quote itself comes with the quotes screen).">
                <TextField
                  name="estimate"
                  label="Estimate (₹)"
                  required
                  inputMode="numeric"
                  maxLength={20}
                  defaultValue={estimate?.values.estimate ?? (job.estimatePaise === null ? undefined : String(job.estimatePaise / 100))}
                  error={estimate?.errors.estimate}
                  hint="In rupees, e.g. 12500."
                />
              </IntentFormPanel>
            )}

            {steps.repair && (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="repair" title="Repair notes" version={job.version} failure={failure} button="Save the repair notes">
                <TextArea name="repairNotes" label="What was repaired or replaced" required rows={4} maxLength={4000} defaultValue={repair?.values.repairNotes ?? job.repairNotes ?? undefined} error={repair?.errors.repairNotes} hint="For the workshop: the customer does not read these." />
              </IntentFormPanel>
            )}

            {steps.test && (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="test" title="Test report" version={job.version} failure={failure} button="Save the test report" intro="The unit can be marked Ready only after a passing load test.">
                <fieldset aria-describedby={test?.errors.result ? "test-result-error" : undefined}>
                  <legend className="font-medium">Load test result</legend>
                  <div className="mt-2 grid grid-cols-2 gap-2">
                    {(["pass", "fail"] as const).map((value) => (
                      <label key={value} className={optionClass}>
                        <input type="radio" name="result" value={value} defaultChecked={(test?.values.result ?? job.testResult) === value} className="mt-1 size-4 shrink-0" />
                        <span className="font-medium">{value === "pass" ? "Passed" : "Failed"}</span>
                      </label>
                    ))}
                  </div>
                  {test?.errors.result && (
                    <p id="test-result-error" className={errorText}>
                      {test.errors.result}
                    </p>
                  )}
                </fieldset>
                <div className="grid grid-cols-2 gap-3">
                  {TEST_PARAMETERS.map((p) => (
                    <TextField
                      key={p.name}
                      name={p.name}
                      label={`${p.label} (${p.unit})`}
                      inputMode="numeric"
                      maxLength={12}
                      defaultValue={test?.values[p.name] ?? (job.testParameters[p.name] === undefined ? undefined : String(job.testParameters[p.name]))}
                      error={test?.errors[p.name]}
                    />
                  ))}
                </div>
                <TextArea name="testNotes" label="Test notes" rows={2} maxLength={2000} defaultValue={test?.values.testNotes ?? job.testNotes ?? undefined} error={test?.errors.testNotes} />
              </IntentFormPanel>
            )}

            {job.stage !== "returned" && (
              <IntentFormPanel formErrors={STEP_ERRORS} intent="photos" title="Add photos" version={job.version} failure={failure} button="Add the photos" multipart>
                <input type="hidden" name="idempotencyKey" value={photo?.values.idempotencyKey ?? loaderData.photoKey} />
                <div>
                  <label htmlFor="photos-file" className="block font-medium">
                    Photos
                  </label>
                  <input
                    id="photos-file"
                    name="photos"
                    type="file"
                    multiple
                    accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
                    aria-describedby={photo?.errors.photos ? "photos-file-error" : undefined}
                    aria-invalid={photo?.errors.photos ? true : undefined}
                    className="mt-1 block w-full text-base"
                  />
                  {photo?.errors.photos && (
                    <p id="photos-file-error" className={errorText}>
                      {photo.errors.photos}
                    </p>
                  )}
                </div>
                <TextField {...keptField(photo, "caption")} label="Caption" maxLength={200} hint="e.g. Burnt IGBT module, test rig at 80 % load" />
              </IntentFormPanel>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
