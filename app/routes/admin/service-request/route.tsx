import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { findRequestWithHistory } from "~/.server/requests/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { RequestDetails, RequestTimeline } from "~/components/request-details.tsx";
import { telHref, whatsappHref } from "~/lib/contact-links.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/route";

/**
 * /admin/service-requests/{reference}: one request as the office sees it (the new-request SMS and e-mail
 * link here), with the customer's contact, the photos and the status history.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const found = /^SR-\d{4}-\d{4,}$/.test(params.reference) ? await findRequestWithHistory(params.reference) : undefined;
  if (!found) return throwNotFound(url);
  const site = await getSiteSettings();
  const { request: r, photos, events } = found;
  const base = `/admin/service-requests/${encodeURIComponent(r.reference)}`;
  return {
    request: { ...r, createdAt: r.createdAt.toISOString(), consentAt: r.consentAt.toISOString(), idempotencyKey: undefined },
    photos: photos.map((p) => ({ ...p, src: `${base}/photos/${p.id}` })),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    meta: seo(site, {
      type: "policy",
      title: `${r.reference}: Back Office`,
      description: `Service request ${r.reference}.`,
      path: base,
      noindex: true,
    }),
  };
}

export const meta = routeMeta;

export default function AdminServiceRequest({ loaderData }: Route.ComponentProps) {
  const { request, photos, events } = loaderData;
  return (
    <>
      <div className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <a href="/admin/inbox?kind=request" className="font-medium text-brand-700 underline dark:text-sky-300">
            ← Service requests
          </a>
        </p>
        <h1 className="mt-3 text-3xl font-bold">
          <span className="font-mono">{request.reference}</span>: {request.contactName}
        </h1>
        <p className="mt-2 text-lg">
          Status: <strong>{statusLabel(request.status)}</strong>
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <a href={telHref(request.mobile)} className="inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
            Call the customer
          </a>
          <a
            href={whatsappHref(request.mobile, `Hello ${request.contactName}, this is about your service request ${request.reference}.`)}
            rel="noopener"
            className="inline-flex h-11 items-center rounded-md border border-slate-400 px-5 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            WhatsApp the customer
          </a>
        </p>
        <RequestDetails request={request} photos={photos} />
        <RequestTimeline createdAt={request.createdAt} events={events} />
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          Consent to the privacy notice (version {request.consentVersion}) given with the request.
        </p>
      </div>
    </>
  );
}
