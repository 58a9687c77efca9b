import { portalSessionOf } from "~/.server/auth/portal.ts";
import { benchForRequest } from "~/.server/bench/view.ts";
import { portalMoney } from "~/.server/customers/portal-money.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { findRequestOf } from "~/.server/requests/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { engineerName, jobRecord } from "~/.server/technicians/field-work.ts";
import { BenchProgress } from "~/components/bench-progress.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { GetHelp } from "~/components/get-help.tsx";
import { CustomerMoney } from "~/components/customer-money.tsx";
import { JobReport } from "~/components/technician/job-report.tsx";
import { RequestDetails, RequestTimeline } from "~/components/request-details.tsx";
import { promiseText } from "~/lib/requests/sla.ts";
import { statusLabel, statusNext } from "~/lib/requests/status.ts";
import { useSite } from "~/lib/use-site.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/request";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /customer/request/{id}: one of the customer's requests, its photos, its status history and what happens
 * next. Another customer's request (or a made-up id) is the 404 page: nothing says it exists.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const found = id ? await findRequestOf(session.user, id) : undefined;
  if (!found) return throwNotFound(url);
  const site = await getSiteSettings();
  const { request: r, photos, events } = found;
  // The field work (issue 10): the engineer, the visit and the job report; its photos are shown there.
  // Bench repair (issue 10): each unit booked into the workshop, with the steps the customer may read.
  // Money (issue 11 §7): this request's quotes and invoices, and its repaired units' warranty.
  const [engineer, record, bench, money] = await Promise.all([
    engineerName(r.assignedTechnicianId),
    jobRecord(r.id, { customer: true }),
    benchForRequest(r.id, { customer: true }),
    r.customerId === null ? null : portalMoney(r.customerId, { requestId: r.id }),
  ]);
  const benchPhotos = bench.flatMap((u) => u.photos.map((p) => p.id));
  const sitePhotos = new Set([...record.photos.map((p) => p.id), ...benchPhotos]);
  return {
    money,
    request: { ...r, createdAt: r.createdAt.toISOString(), consentAt: undefined, idempotencyKey: undefined },
    // The response promise this request was given (its urgency's or its contract's), not the site's range.
    within: promiseText({ urgency: r.urgency, receivedAt: r.createdAt, responseDueAt: r.responseDueAt }, site.operations),
    photos: photos.filter((p) => !sitePhotos.has(p.id)).map((p) => ({ ...p, src: `/customer/request/${r.id}/photos/${p.id}` })),
    report: {
      engineer,
      visitStart: r.visitStart?.toISOString() ?? null,
      visitEnd: r.visitEnd?.toISOString() ?? null,
      record,
    },
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    bench: bench.map((u) => ({ ...u, photos: u.photos.map((p) => ({ ...p, src: `/customer/request/${r.id}/photos/${p.id}` })) })),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Request ${data.request.reference}` };

export default function CustomerRequest({ loaderData }: Route.ComponentProps) {
  const { request, photos, events, report, bench, money, within } = loaderData;
  const { promises, identity } = useSite();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {/* Live (issue 12 §1): the status and history update when the office or the engineer changes them. */}
      <LiveStatus kinds={["request.updated"]} reference={request.reference} what="This request" />
      <p>
        <a href="/customer/mobile" className="font-medium text-brand-700 underline dark:text-sky-300">
          ← My Requests
        </a>
      </p>
      <h1 className="mt-3 text-3xl font-bold">
        Request <span className="font-mono">{request.reference}</span>
      </h1>
      <p className="mt-2 text-lg">
        Status: <strong>{statusLabel(request.status)}</strong>
      </p>

      <TitledSection headingId="next-heading" className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-5 dark:border-slate-700 dark:bg-slate-900" headingClassName="text-lg font-semibold" title="What happens next">
        <p className="mt-2">{statusNext(request.status, { within, warranty: promises.warrantyMonths })}</p>
        <ContactActions
          identity={identity}
          className="mt-4 flex flex-wrap gap-3"
          whatsappText={`Hello, this is about my service request ${request.reference}.`}
          whatsappLabel="WhatsApp about this request"
        />
      </TitledSection>

      {money && <CustomerMoney money={money} showContracts={false} />}
      <JobReport requestId={request.id} {...report} />
      <BenchProgress units={bench} />
      <RequestTimeline createdAt={request.createdAt} events={events} />
      <RequestDetails request={request} photos={photos} />
      {/* Help desk (issue 12 §5): a question about this request opens a ticket. */}
      <GetHelp requestId={request.id} reference={request.reference} />
    </div>
  );
}
