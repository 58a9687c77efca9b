import { verifyReference } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { findEnquiry } from "~/.server/enquiries/index.ts";
import { findRequest } from "~/.server/requests/index.ts";
import { ENQUIRY_FORM_FIELDS, isEnquiryForm } from "~/lib/forms/enquiry-fields.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ContactActions } from "~/components/contact-actions.tsx";
import { CircleCheckIcon } from "~/components/icons.tsx";
import { WHATSAPP_GREETING, formatIndianPhone } from "~/lib/contact-links.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { promiseText } from "~/lib/requests/sla.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/thank-you";

/** What the receipt shows of a service request or of any other form's message. */
async function receipt(reference: string, site: SiteSettings) {
  if (reference.startsWith("SR-")) {
    const request = await findRequest(reference);
    if (!request) return undefined;
    // The promise this request was given: its urgency's (2 hours for a breakdown) or its contract's.
    const within = promiseText({ urgency: request.urgency, receivedAt: request.createdAt, responseDueAt: request.responseDueAt }, site.operations);
    const summary = [request.serviceName, request.equipmentBrand, request.equipmentModel].filter(Boolean).join(", ");
    return {
      heading: "Thank you: we have your request",
      what: "service request",
      promise: "call",
      within,
      summary: `${summary ? `(${summary})` : ""} Urgency: ${urgencyLabel(request.urgency)}.`,
      hasEmail: Boolean(request.email),
      mobile: request.mobile,
    };
  }
  const message = await findEnquiry(reference);
  if (!message || !isEnquiryForm(message.form)) return undefined;
  const label = ENQUIRY_FORM_FIELDS[message.form].label.toLowerCase();
  return {
    heading: message.form === "review" ? "Thank you for your review" : `Thank you: we have your ${label}`,
    what: label,
    promise: message.form === "review" ? "publish" : "reply",
    within: null,
    summary: message.subject ? `(${message.subject}).` : "",
    hasEmail: Boolean(message.email),
    mobile: message.mobile,
  };
}

/**
 * The receipt after any form: the reference, the promised response and ways to follow up. Its link is
 * signed: a guessed reference shows nothing (404). Opened without a reference (bookmarked or shared), it is a
 * plain thank-you page with the promised response and the ways to reach us.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const reference = url.searchParams.get("ref");
  const signature = url.searchParams.get("sig");
  const site = await getSiteSettings();
  const { responseHoursMin, responseHoursMax } = site.promises;
  if (reference === null && signature === null) {
    return {
      receipt: undefined,
      meta: seo(site, {
        type: "booking",
        title: "Thank You for Contacting Us",
        description: `We answer every request within ${responseHoursMin}-${responseHoursMax} hours. Call, WhatsApp or send a service request any time.`,
        path: "/thank-you",
        noindex: true,
      }),
    };
  }
  const found = reference && signature && verifyReference(reference, signature) ? await receipt(reference, site) : undefined;
  if (!reference || !found) return throwNotFound(url);
  return {
    receipt: { reference, ...found },
    meta: seo(site, {
      type: "booking",
      title: "Thank You: Request Received",
      description: "Your service request has been received. Keep your reference to hand when we call.",
      path: "/thank-you",
      noindex: true,
    }),
  };
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return loaderData.receipt ? <Receipt {...loaderData.receipt} /> : <NoReceipt />;
}

function ResponsePromise({ promise, within }: { promise: string; within: string | null }) {
  const { promises } = useSite();
  if (promise === "publish") return <p className="mt-6 text-lg">We check every review against our job records before publishing it.</p>;
  if (within) {
    return (
      <p className="mt-6 text-lg" data-testid="promise">
        An engineer will call you within <strong>{within}</strong>.
      </p>
    );
  }
  return (
    <p className="mt-6 text-lg">
      {promise === "call" ? "An engineer will call you within" : "We will get back to you within"}{" "}
      <strong>
        {promises.responseHoursMin}-{promises.responseHoursMax} hours
      </strong>{" "}
      (under {promises.averageResponseHours} hours on average).
    </p>
  );
}

function BackToServices() {
  return (
    <p className="mt-10">
      <a href="/services" className="font-semibold text-brand-700 underline dark:text-sky-300">
        Back to our services
      </a>
    </p>
  );
}

/** /thank-you without a reference: the promise and every way to reach us, the request form included. */
function NoReceipt() {
  const { identity } = useSite();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <CircleCheckIcon className="mx-auto size-16 text-green-700 dark:text-green-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Thank you for contacting us</h1>
      <ResponsePromise promise="reply" within={null} />
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        If you have sent us a request, its reference is in the SMS or e-mail we sent you: please quote it when you
        call. For a breakdown, call us now; if you have not sent a request yet, the form takes a minute.
      </p>
      <div className="mt-8">
        <ContactActions
          identity={identity}
          requestHref="/request"
          whatsappText={WHATSAPP_GREETING}
          className="flex flex-wrap justify-center gap-3"
        />
      </div>
      <BackToServices />
    </div>
  );
}

type ReceiptData = NonNullable<Awaited<ReturnType<typeof receipt>>> & { reference: string };

function Receipt({ reference, heading, what, promise, within, summary, hasEmail, mobile }: ReceiptData) {
  const { identity } = useSite();
  const message = `Hello, this is about my ${what} ${reference} ${summary}`.trim();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <CircleCheckIcon className="mx-auto size-16 text-green-700 dark:text-green-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">Your reference is</p>
      <p className="mt-1 font-mono text-4xl font-extrabold tracking-wider" data-testid="reference">
        {reference}
      </p>
      <ResponsePromise promise={promise} within={within} />
      {(mobile || hasEmail) && (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          We have sent the reference {mobile ? `by SMS to ${formatIndianPhone(mobile)}` : ""}
          {mobile && hasEmail ? " and " : ""}
          {hasEmail ? "by e-mail" : ""}. Please quote it when you call.
        </p>
      )}
      <div className="mt-8">
        <ContactActions
          identity={identity}
          whatsappText={message}
          whatsappLabel={`WhatsApp us about ${reference}`}
          className="flex flex-wrap justify-center gap-3"
        />
      </div>
      <BackToServices />
    </div>
  );
}
