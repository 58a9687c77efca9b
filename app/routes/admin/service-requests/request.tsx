import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { requirePermission, staffOf, type StaffMember } from "~/.server/auth/staff.ts";
import { requestBenchSummary } from "~/.server/bench/view.ts";
import { portalMoney, requestCustomerId } from "~/.server/customers/portal-money.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { findRequest } from "~/.server/requests/index.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FormError } from "~/components/form/fields.tsx";
import {
  assignTechnician,
  cancelRequest,
  changeStatus,
  logContact,
  markDuplicate,
  recordPo,
  requestWorkPage,
  scheduleVisit,
  type WorkResult,
} from "~/.server/requests/work.ts";
import { MoneyPanel } from "~/components/admin/money-panel.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { RequestDetails } from "~/components/request-details.tsx";
import { JobReport } from "~/components/technician/job-report.tsx";
import { engineerName, jobRecord } from "~/.server/technicians/field-work.ts";
import { can } from "~/lib/auth/permissions.ts";
import { telHref, whatsappHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  assignSchema,
  cancelSchema,
  contactSchema,
  duplicateSchema,
  isRequestIntent,
  poSchema,
  REFERENCE_PATTERN,
  scheduleSchema,
  statusSchema,
} from "~/lib/forms/admin/request-actions.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { BenchJobs, RequestActions, type FormFailure } from "./actions.tsx";
import { ClockCard, RequestHistory, StatusBadge } from "./parts.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { Route } from "./+types/request";
import type { PageHandle } from "~/lib/page-title.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { randomUUID } from "node:crypto";
import { partPickerLabels } from "~/.server/products/catalogue.ts";
import { cancelPartsRequest, jobPartsStock, partsReady, partsRequestsForJob, raisePartsRequest, reserveForPartsRequest, returnPart } from "~/.server/stock/parts-requests.ts";
import { partsRequestActionSchema, partsRequestSchema, returnPartSchema } from "~/lib/forms/admin/stock.ts";
import { PartsPanel, PARTS_INTENTS } from "./stock.tsx";

/**
 * /admin/service-requests/{reference}: one request as the office works it (the new-request SMS and e-mail
 * link here). The response and resolution clocks, the customer's contact, the request and its photos, the
 * technician and visit, the PO number, the whole history (calls and internal notes included), and every
 * action: log a call or note, change the status, assign and schedule (with the "dispatch" permission), PO
 * number, duplicate, cancel. Each action is a plain form with an intent; the domain is ~/.server/requests/work.ts.
 */

const pathOf = (reference: string) => `/admin/service-requests/${encodeURIComponent(reference)}`;

/** An ISO moment as India's date and clock: ["2026-11-24", "10:00"]. */
function indiaParts(iso: string): [string, string] {
  const shifted = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  return [shifted.slice(0, 10), shifted.slice(11, 16)];
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const page = REFERENCE_PATTERN.test(params.reference) ? await requestWorkPage(params.reference) : undefined;
  if (!page) return throwNotFound(url);
  const base = pathOf(page.request.reference);
  const [visitDate, visitFrom] = page.request.visitStart ? indiaParts(page.request.visitStart) : [undefined, undefined];
  const visitTo = page.request.visitEnd ? indiaParts(page.request.visitEnd)[1] : undefined;
  // Bench repair (issue 10): the request's units in the workshop, and its customer's record. Their photos
  // are on each unit's page, not among the photos sent with the request.
  const bench = await requestBenchSummary(page.request.id);
  // Money (issue 11): the request's quotes and invoices, for those who handle money.
  const canMoney = can(staff.role, "money");
  const customerId = await requestCustomerId(page.request.id);
  const money = canMoney && customerId !== null ? await portalMoney(customerId, { requestId: page.request.id, audience: "office" }) : null;
  const benchPhotos = new Set(bench.jobs.flatMap((j) => j.photos.map((p) => p.id)));
  // The technician's whole report (issue 17 §4): notes, photos with who took them, parts, time, sign-off.
  const [engineer, record] = await Promise.all([engineerName(page.request.assignedTechnicianId), jobRecord(page.request.id, { customer: false })]);
  const reportPhotos = new Set(record.photos.map((p) => p.id));
  // Parts (issue 19 §5): what the job waits for, and parts taken from stock that can go back.
  const [partsRequests, stockParts, productLabels] = await Promise.all([partsRequestsForJob(page.request.id), jobPartsStock(page.request.id), partPickerLabels()]);
  return {
    parts: { requests: partsRequests, stockParts, productLabels, ready: partsReady(partsRequests), formKey: randomUUID() },
    ...page,
    events: page.events.map((e) => (e.kind === "bench" ? { ...e, kindLabel: "Bench repair" } : e)),
    photos: page.photos.filter((p) => !benchPhotos.has(p.id) && !reportPhotos.has(p.id)).map((p) => ({ ...p, src: `${base}/photos/${p.id}` })),
    report: { engineer, record, base },
    customer: bench.customer,
    benchJobs: bench.jobs.map((j) => ({ jobCard: j.jobCard, unit: j.unit, stageLabel: j.stageLabel, warrantyRepeatOf: j.warrantyRepeatOf, warrantyUntil: j.warrantyUntil })),
    canDispatch: can(staff.role, "dispatch"),
    money,
    today: todayInIndia(),
    visitDefaults: { date: visitDate, from: visitFrom, to: visitTo },
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.request.reference };

/** The change each intent makes, after its schema; assigning and scheduling also need "dispatch". */
async function perform(staff: StaffMember, reference: string, form: FormData): Promise<{ refusal: ReturnType<typeof refuseForm> } | { result: WorkResult }> {
  const intent = form.get("intent");
  // Parts (issue 19 §5): ~/.server/stock/parts-requests.ts.
  switch (intent) {
    case "parts-request": {
      const p = parseForm(form, partsRequestSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await raisePartsRequest(staff, reference, p.data) };
    }
    case "parts-reserve":
    case "parts-cancel": {
      const p = parseForm(form, partsRequestActionSchema);
      if (p.refusal) return { refusal: p.refusal };
      const result = await (intent === "parts-reserve" ? reserveForPartsRequest : cancelPartsRequest)(staff, p.data.partsRequest, p.data.version);
      return { result };
    }
    case "part-return": {
      const p = parseForm(form, returnPartSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await returnPart(staff, reference, p.data) };
    }
  }
  if (!isRequestIntent(intent)) return { refusal: refuseForm(form, OUT_OF_DATE) };
  if (intent === "assign" || intent === "schedule") requirePermission(staff, "dispatch");
  switch (intent) {
    case "contact": {
      const p = parseForm(form, contactSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await logContact(staff, reference, p.data) };
    }
    case "status": {
      const p = parseForm(form, statusSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await changeStatus(staff, reference, p.data) };
    }
    case "assign": {
      const p = parseForm(form, assignSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await assignTechnician(staff, reference, p.data) };
    }
    case "schedule": {
      const p = parseForm(form, scheduleSchema());
      return p.refusal ? { refusal: p.refusal } : { result: await scheduleVisit(staff, reference, p.data) };
    }
    case "po": {
      const p = parseForm(form, poSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await recordPo(staff, reference, p.data) };
    }
    case "duplicate": {
      const p = parseForm(form, duplicateSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await markDuplicate(staff, reference, p.data) };
    }
    case "cancel": {
      const p = parseForm(form, cancelSchema);
      return p.refusal ? { refusal: p.refusal } : { result: await cancelRequest(staff, reference, p.data) };
    }
  }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  if (form.get("intent") === TRASH_INTENT) {
    const found = await findRequest(params.reference);
    if (!found) return throwNotFound(url);
    return trashFromForm(form, staff, "request", found.id, "/admin/service-requests");
  }
  const outcome = await perform(staff, params.reference, form);
  if ("refusal" in outcome) return outcome.refusal;
  const { result } = outcome;
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(params.reference), { type: "success", message: result.message });
}

const buttonClass = "inline-flex h-11 items-center rounded-md px-5 font-semibold";

export default function AdminServiceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, clocks, technician, photos, events } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const job: Array<[string, string | null]> = [
    ["Technician", technician ? `${technician.name}, ${technician.city}` : "Not assigned yet"],
    ["Assigned", r.assignedAt ? formatDateTime(r.assignedAt) : null],
    ["Visit", r.visit ? `${r.visit.date}, ${r.visit.window}` : "Not scheduled yet"],
    ["PO number", r.poNumber ?? "Not recorded"],
    ["Duplicate of", r.duplicateOf],
    ["Repeated by", r.duplicates.length ? r.duplicates.join(", ") : null],
    ["Cancelled because", r.status === "cancelled" ? r.cancelReason : null],
  ];
  return (
    <div className="mx-auto max-w-6xl">
      {/* Live (issue 12 §1): reloads when this request changes (another staff member, the field, the customer). */}
      <LiveStatus kinds={["request.updated"]} reference={r.reference} what="This request" />
      <PageHeader
        back={{ href: "/admin/service-requests", label: "Service requests" }}
        title={
          <>
            <span className="font-mono">{r.reference}</span>: {r.contactName}
          </>
        }
        description={
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <StatusBadge status={r.status} label={r.statusLabel} />
            <span className={r.urgency === "emergency" ? "font-semibold text-red-800 dark:text-red-300" : ""}>{urgencyLabel(r.urgency)}</span>
            {r.company && <span>· {r.company}</span>}
            {loaderData.customer && (
              <a href={`/admin/customers/${encodeURIComponent(loaderData.customer.reference)}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
                Customer {loaderData.customer.reference}
              </a>
            )}
          </span>
        }
      />

      <section aria-label="Clocks" className="grid gap-3 sm:grid-cols-2">
        <ClockCard title="Response" clock={clocks.response} />
        <ClockCard title="Resolution" clock={clocks.resolution} />
      </section>

      <p className="mt-4 flex flex-wrap gap-3">
        <a href={telHref(r.mobile)} className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
          Call the customer
        </a>
        <a
          href={whatsappHref(r.mobile, `Hello ${r.contactName}, this is about your service request ${r.reference}.`)}
          rel="noopener"
          className={`${buttonClass} border border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800`}
        >
          WhatsApp the customer
        </a>
        {/* Video calls (issue 12 §7) */}
        <a href={`/admin/video-calls/new?request=${encodeURIComponent(r.reference)}`} className={`${buttonClass} border border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800`}>
          Book a video call
        </a>
        <a href="#actions" className={`${buttonClass} border border-slate-400 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800`}>
          Go to the actions
        </a>
      </p>

      <div className="mt-2 gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <TitledSection headingId="job-heading" title="Job" className="mt-8" headingClassName="text-xl font-semibold">
            <DetailList rows={job} />
          </TitledSection>
          <BenchJobs reference={r.reference} closed={r.status === "cancelled"} jobs={loaderData.benchJobs} />
          {loaderData.money && (
            <MoneyPanel
              money={loaderData.money}
              actions={
                r.status === "cancelled"
                  ? []
                  : [
                      { href: `/admin/quotes/new?request=${encodeURIComponent(r.reference)}`, label: "Make a quote" },
                      ...(r.status === "completed" ? [{ href: `/admin/invoices/new?request=${encodeURIComponent(r.reference)}`, label: "Issue invoice", primary: true }] : []),
                    ]
              }
            />
          )}
          <PartsPanel
            closed={r.status === "cancelled" || r.status === "completed"}
            version={r.version}
            formKey={loaderData.parts.formKey}
            ready={loaderData.parts.ready}
            productLabels={loaderData.parts.productLabels}
            requests={loaderData.parts.requests}
            parts={loaderData.parts.stockParts}
            failure={failure && (PARTS_INTENTS as readonly string[]).includes(failure.intent ?? "") ? failure : undefined}
          />
          <JobReport
            requestId={r.id}
            engineer={loaderData.report.engineer}
            visitStart={r.visitStart}
            visitEnd={r.visitEnd}
            record={loaderData.report.record}
            office={{ base: loaderData.report.base, minutesOnSite: r.minutesOnSite, labourMinutes: r.labourMinutes }}
          />
          <RequestDetails request={r} photos={photos} />
          <RequestHistory createdAt={r.createdAt} events={events} />
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Consent to the privacy notice (version {r.consentVersion}) given with the request.
          </p>
          <TitledSection headingId="trash-heading" title="Delete" className="mt-8" headingClassName="text-xl font-semibold">
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              For a request made by mistake, a test or spam: the owner can restore it from the trash for 30 days. A request with a quote, an invoice or a
              bench job is cancelled instead.
            </p>
            {failure?.intent === TRASH_INTENT && <FormError message={failure.errors.form ?? failure.errors.version} />}
            <ConfirmButton intent={TRASH_INTENT} fields={{ version: r.version }} tone="danger" confirm={`Move ${r.reference} to the trash?`}>
              Move to trash
            </ConfirmButton>
          </TitledSection>
        </div>
        <RequestActions
          request={r}
          technicianAssigned={Boolean(technician)}
          suggestions={loaderData.suggestions}
          canDispatch={loaderData.canDispatch}
          today={loaderData.today}
          visitDefaults={loaderData.visitDefaults}
          failure={failure}
        />
      </div>
    </div>
  );
}
