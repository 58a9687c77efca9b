import { getServerConfig } from "~/.server/config.ts";

/**
 * Links for staff (in the business's alerts) point at the back office, never at the public site: on the site
 * URL's host every /admin page answers "Access Denied". With ADMIN_HOST set, the back office is
 * https://ADMIN_HOST; without it, it is served on any host but the public one, and outside production that
 * is the site URL's address with the host 127.0.0.1 (http://localhost:3000 -> http://127.0.0.1:3000).
 */
export function backOfficeOrigin(siteUrl: string, adminHost: string | undefined = getServerConfig().adminHost): string {
  if (adminHost) return `https://${adminHost}`;
  try {
    const url = new URL(siteUrl);
    url.hostname = "127.0.0.1";
    return url.origin;
  } catch {
    return "http://127.0.0.1";
  }
}

/** A back-office page's full address: backOfficeUrl("/admin/service-requests/SR-2611-0042", site URL). */
export function backOfficeUrl(path: string, siteUrl: string, adminHost?: string): string {
  return `${backOfficeOrigin(siteUrl, adminHost ?? getServerConfig().adminHost)}${path.startsWith("/") ? path : `/${path}`}`;
}
