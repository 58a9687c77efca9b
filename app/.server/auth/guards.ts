import { redirect } from "react-router";
import { getServerConfig } from "~/.server/config.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ROLES, type Role } from "~/lib/auth/roles.ts";
import { readSession, type CurrentSession } from "./sessions.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwErrorPage } from "~/.server/http/errors.ts";

/**
 * Spec section 2, "Admin gate": the back office is never served on the public site's host (the site URL's
 * host and its www. variant); it lives on another host name, ADMIN_HOST when that is set.
 */
export function adminHostAllowed(url: URL, siteUrl: string, adminHost: string | undefined): boolean {
  const hostname = url.hostname.toLowerCase();
  const publicHost = new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, "");
  if (hostname === publicHost || hostname === `www.${publicHost}`) return false;
  if (adminHost) return url.host.toLowerCase() === adminHost || hostname === adminHost;
  return true;
}

/** The 403 that the root error boundary shows as the lock and 'Access Denied'. */
export function throwAccessDenied(url: URL): Promise<never> {
  return throwErrorPage(url, 403, "Access Denied", "You do not have permission to open this page.", noStore());
}

/** The sign-in page of role, bringing the visitor back to url afterwards. */
export function signInRedirect(role: Role, url: URL): Response {
  const back = `${url.pathname}${url.search}`;
  const query = back === ROLES[role].landingPath ? "" : `?returnTo=${encodeURIComponent(back)}`;
  return redirect(`${ROLES[role].signInPath}${query}`, { headers: noStore() });
}

/** Admin pages (the sign-in page included): the host gate. */
export async function requireAdminHost(url: URL): Promise<void> {
  const site = await getSiteSettings();
  if (!adminHostAllowed(url, site.identity.siteUrl, getServerConfig().adminHost)) await throwAccessDenied(url);
}

/**
 * Every portal loader and action starts here: the session must be open for role's portal, or the visitor
 * is sent to that portal's sign-in page and brought back. For admin pages the host gate comes first.
 */
export async function requireRole(request: Request, url: URL, role: Role): Promise<CurrentSession> {
  if (role === "admin") await requireAdminHost(url);
  const session = await readSession(request);
  if (!session || session.role !== role) throw signInRedirect(role, url);
  return session;
}
