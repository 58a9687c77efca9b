import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page.tsx";
import { NotFoundPage } from "~/components/not-found-page.tsx";
import { PageHead } from "~/components/page-head.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import type { Viewer } from "~/lib/auth/roles.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

export type Portal = "customer" | "technician";

/**
 * Each portal's name, and its home page, which its name links to. The technician's link reloads the page
 * (data-reload): the service worker keeps the pages opened today for reading without a signal, and a
 * client-side navigation would go past it.
 */
const PORTALS: Record<Portal, { name: string; home: string }> = {
  customer: { name: "Customer portal", home: "/customer/mobile" },
  technician: { name: "Technician portal", home: "/technician/dashboard" },
};

/**
 * The technician portal's pages, each reloaded (data-reload) so that the service worker's kept copy answers
 * without a signal: the day's jobs and the week agenda (ADR 066).
 */
function TechnicianNav() {
  const pages = [
    ["/technician/dashboard", "My jobs"],
    ["/technician/agenda", "Agenda"],
    ["/technician/time-off", "Leave"],
    ["/technician/library", "Library"],
  ] as const;
  return (
    <nav aria-label="Technician portal" className="text-sm">
      <ul className="flex flex-wrap gap-x-3">
        {pages.map(([href, label]) => (
          <li key={href}>
            <a href={href} data-reload className="inline-flex min-h-10 items-center underline underline-offset-2 focus-visible:outline-white">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The customer and technician portals' frame, lighter than the public site's (root.tsx leaves the public
 * header, footer and floating contact and chat buttons out under a route whose handle says shell "portal"):
 * the portal's name, a way back to the website and sign-out in the header; the office's number as a plain
 * link in the footer, so that nothing floats over a form field on a phone. A page's title comes from its
 * route's handle (PageHead); an error page's from the root's meta.
 */
export function PortalFrame({ portal, error = false, children }: { portal: Portal; error?: boolean; children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as { site?: SiteSettings; viewer?: Viewer | null } | undefined;
  const { name, home } = PORTALS[portal];
  const identity = data?.site?.identity;
  const viewer = data?.viewer;
  return (
    <>
      {identity && !error && <PageHead siteName={identity.legalName} />}
      <header className="border-b border-slate-200 bg-brand-800 text-white dark:border-slate-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
          <p>
            <a href={home} data-reload={portal === "technician" || undefined} className="font-bold focus-visible:outline-white">
              {name}
            </a>
            {identity && <span className="block text-xs text-brand-100">{identity.legalName}</span>}
          </p>
          {portal === "technician" && !error && <TechnicianNav />}
          <div className="ml-auto flex items-center gap-3 text-sm">
            <a href="/" className="underline underline-offset-2 focus-visible:outline-white">
              Website
            </a>
            <form method="post" action="/auth/sign-out">
              <button type="submit" className="min-h-10 rounded-md border border-white/60 px-3 font-medium hover:bg-brand-700 focus-visible:outline-white">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-slate-200 px-4 py-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        <div className="mx-auto flex max-w-5xl flex-wrap gap-x-4 gap-y-1">
          {viewer?.name && <p>Signed in as {viewer.name}</p>}
          {identity && (
            <p>
              Questions? Call{" "}
              <a href={telHref(identity.supportPhone)} className="font-semibold underline">
                {formatIndianPhone(identity.supportPhone)}
              </a>
            </p>
          )}
          <p>
            <a href="/privacy" className="underline">
              Privacy policy
            </a>
          </p>
        </div>
      </footer>
    </>
  );
}

/**
 * An error below a portal's layout (a request that is not the customer's: 404) keeps the portal's frame:
 * the root layout has already left the public one out (the layout's handle is still matched).
 */
export function PortalError({ portal, error }: { portal: Portal; error: unknown }) {
  const site = (useRouteLoaderData("root") as { site?: SiteSettings } | undefined)?.site;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <PortalFrame portal={portal} error>{status === 404 ? <NotFoundPage site={site} /> : <ErrorPage status={status} site={site} />}</PortalFrame>;
}
