/**
 * The database down or restarting (ADR 069): a page or a post that needed it answers 503 with Retry-After
 * and a short, honest page in the site's frame, never a 500 with a stack. Loaders and actions do nothing for it:
 * their error reaches React Router's handleError (entry.server.tsx), which recognises an outage here and notes
 * it on the request's context; the document is then rendered with the outage page instead of the error page,
 * and server.ts turns any other 5xx of that request (a resource route's) into the 503.
 */
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { OutageData } from "~/lib/database-outage.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { lastKnownSiteSettings } from "~/.server/settings/index.ts";

/** Long enough for a PostgreSQL restart or a failover, short enough that a visitor tries again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * node-postgres and PostgreSQL's words for "cannot reach the database now": the connection refused, reset or
 * timed out, the server shutting down or starting up (SQLSTATE 57P01-57P03), class 08 (connection exception).
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError's cause); follow the chain a few steps.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || /^57P0[123]$/.test(code) || /^08\d{3}$/.test(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

// The requests (by their React Router context, one per request) that met an outage.
const outages = new WeakSet<object>();

/** Notes that this request's context met an outage; true when error is one. */
export function noteIfDatabaseOutage(error: unknown, context: object | undefined): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (context) outages.add(context);
  return true;
}

export function hadDatabaseOutage(context: object | undefined): boolean {
  return context !== undefined && outages.has(context);
}

/**
 * The outage as a route error response (what a thrown `data(…, 503)` becomes), for the root error boundary.
 * React Router recognises one by its shape (isRouteErrorResponse), also once serialised for the browser.
 */
export function outageErrorResponse(method: string) {
  const site: SiteSettings | undefined = lastKnownSiteSettings();
  const data: OutageData = { outage: true, supportPhone: site?.identity.supportPhone, whatsapp: site?.identity.whatsappNumber, post: method.toUpperCase() !== "GET" && method.toUpperCase() !== "HEAD" };
  return { status: 503, statusText: "Service Unavailable", internal: false, data };
}

export function outageHeaders(headers: Headers): void {
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/** The outage in one sentence, with the phone when known: for an answer that is not a page. */
export function outageMessage(): string {
  const site = lastKnownSiteSettings();
  const phone = site ? ` or call/WhatsApp us on ${formatIndianPhone(site.identity.supportPhone)}` : "";
  return `We could not save this right now. Nothing was stored: please try again in a minute${phone}.`;
}
