import type { OutageData } from "~/lib/database-outage.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { AccessDeniedPage, ErrorPage, OutagePage } from "./error-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * What the root error boundary shows (root.tsx): the 404 page, "Access Denied" with its reason, or the error
 * page. A module of its own so that the browser loads it only when an error page is shown (ADR 021); the
 * server loads it up front and renders it inline, as before.
 */
export function RootErrorPage({ status, site, reason, outage }: { status: number; site: SiteSettings | undefined; reason: unknown; outage?: OutageData | undefined }) {
  if (outage) return <OutagePage outage={outage} />;
  // A back-office refusal thrown by the admin layout's middleware lands here (its loader never ran): keep
  // the reason it gives (which permission is missing, whom to ask).
  if (status === 403 && typeof reason === "string") return <AccessDeniedPage reason={reason} back={{ href: "/admin", label: "Back to the dashboard" }} />;
  return status === 404 ? <NotFoundPage site={site} /> : <ErrorPage status={status} site={site} />;
}
