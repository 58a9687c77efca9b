/**
 * A signed-in visitor's pages carry their name and portal links: never stored by a browser or a shared cache
 * (nginx's page cache included). Anonymous pages stay cacheable, but vary by cookie, so that a page cached
 * before sign-in is not shown after it (and the page cache never stores a request that has cookies).
 */
import type { MiddlewareHandler } from "hono";

/**
 * Either name of the session cookie (app/.server/auth/sessions.ts): `sid`, or `__Host-sid` where cookies are
 * Secure. Matched as a cookie name, so that a cookie merely ending in "sid" does not count.
 */
const SESSION_COOKIE_IN_HEADER = /(?:^|;\s*)(?:__Host-)?sid=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE_IN_HEADER.test(cookieHeader ?? "");
}

export function signedInPrivate(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith("/assets/")) return;
    if (hasSessionCookie(c.req.header("cookie"))) {
      c.res.headers.set("Cache-Control", "private, no-store");
    } else if (/\bpublic\b/.test(c.res.headers.get("cache-control") ?? "")) {
      c.res.headers.append("Vary", "Cookie");
    }
  };
}
