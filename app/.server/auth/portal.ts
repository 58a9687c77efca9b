import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CACHE_POLICY } from "~/.server/http/cache.ts";
import { requireRole } from "./guards.ts";
import type { CurrentSession } from "./sessions.ts";

/**
 * The customer and technician portals' guard, run once by each portal's layout route for every page and
 * file below it (as the admin layout does for the back office): a session of the portal's role, else the
 * sign-in page with the way back. Every portal response is private (never stored by a browser cache or a
 * proxy) and unindexed, whatever the route below sets.
 */
type PortalRole = "customer" | "technician";

const portalSessionContext = createContext<{ role: PortalRole; session: CurrentSession } | null>(null);

export function portalGuard(role: PortalRole): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const url = new URL(request.url);
    const session = await requireRole(request, url, role);
    context.set(portalSessionContext, { role, session });
    const response = await next();
    response.headers.set("Cache-Control", CACHE_POLICY.private);
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  };
}

/** The session the portal's layout checked: every portal loader and action starts here. */
export function portalSessionOf(context: Readonly<RouterContextProvider>, role: PortalRole): CurrentSession {
  const checked = context.get(portalSessionContext);
  // Only reachable if a route were placed outside its portal's layout: fail closed.
  if (!checked || checked.role !== role) throw new Error(`a ${role} portal route outside the ${role} layout`);
  return checked.session;
}
