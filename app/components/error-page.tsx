import { useSyncExternalStore } from "react";
import { LockIcon, TriangleExclamationPointIcon } from "./icons.tsx";
import { formatIndianPhone, telHref, whatsappHref } from "~/lib/contact-links.ts";
import type { OutageData } from "~/lib/database-outage.ts";
import { keptFormPage } from "~/lib/outage-kept-form.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/** Every error page but the 404 (which is NotFoundPage). */
export function ErrorPage({ status, site }: { status: number; site: SiteSettings | undefined }) {
  return status === 403 ? <AccessDeniedPage /> : <ServerErrorPage site={site} />;
}

/**
 * Spec section 8: the admin gate on the public production host, and any other 403. In the back office the
 * reason says which permission was missing and whom to ask.
 */
export function AccessDeniedPage({ reason, back }: { reason?: string | undefined; back?: { href: string; label: string } }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <LockIcon className="size-14 text-slate-500" />
      <h1 className="mt-4 text-3xl font-bold">Access Denied</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{reason ?? "You do not have permission to open this page."}</p>
      <a href={back?.href ?? "/"} className="mt-6 font-semibold text-brand-700 underline dark:text-sky-300">
        {back?.label ?? "Go to the home page"}
      </a>
    </div>
  );
}

/** Anything unexpected: say so plainly, and give the phone number, which always works. */
export function ServerErrorPage({ site }: { site: SiteSettings | undefined }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <TriangleExclamationPointIcon className="size-14 text-accent-600" />
      <h1 className="mt-4 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        This page could not be shown. Please try again in a moment
        {site ? (
          <>
            , or call us on{" "}
            <a href={telHref(site.identity.supportPhone)} className="font-semibold underline">
              {formatIndianPhone(site.identity.supportPhone)}
            </a>
          </>
        ) : null}
        .
      </p>
      <a href="/" className="mt-6 font-semibold text-brand-700 underline dark:text-sky-300">
        Go to the home page
      </a>
    </div>
  );
}

/**
 * The database down or restarting (ADR 069; answered 503 with Retry-After): say what happened to what
 * was sent, when to try again, and give the phone, from the last settings the server read.
 */
export function OutagePage({ outage }: { outage: OutageData }) {
  const { supportPhone, whatsapp, post } = outage;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <TriangleExclamationPointIcon className="size-14 text-accent-600" />
      <h1 className="mt-4 text-3xl font-bold">{post ? "We could not save this right now" : "We could not show this page right now"}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {post ? "Nothing was stored. Go back to keep what you typed, and please try again in a minute" : "Please try again in a minute"}
        {supportPhone ? (
          <>
            , or call us on{" "}
            <a href={telHref(supportPhone)} className="font-semibold underline">
              {formatIndianPhone(supportPhone)}
            </a>
            {whatsapp ? (
              <>
                {" "}or{" "}
                <a href={whatsappHref(whatsapp, "Hello, your website could not take my request just now.")} className="font-semibold underline">
                  WhatsApp us
                </a>
              </>
            ) : null}
          </>
        ) : null}
        .
      </p>
      {post ? <BackToKeptForm /> : null}
    </div>
  );
}

/**
 * A submission made with JavaScript: the way back to its page, where what was typed is put back
 * (~/lib/outage-kept-form.ts). Read in the browser only: the server never has it.
 */
function BackToKeptForm() {
  const page = useSyncExternalStore(noSubscription, keptFormPage, () => undefined);
  if (!page) return null;
  return (
    <a href={page} className="mt-6 font-semibold text-brand-700 underline dark:text-sky-300">
      Back to the form, as you typed it
    </a>
  );
}

function noSubscription() {
  return () => {};
}
