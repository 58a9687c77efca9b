import { Outlet } from "react-router";
import { portalGuard } from "~/.server/auth/portal.ts";
import type { Route } from "./+types/layout";

/**
 * The customer portal's layout: its middleware is the guard for every page and file below it (a
 * customer's session, else the sign-in page), and makes every answer private and unindexed. Pages start
 * from `portalSessionOf(context, "customer")`; whether the request is theirs is the page's own check.
 */
export const middleware: Route.MiddlewareFunction[] = [portalGuard("customer")];

export default function CustomerPortal() {
  return <Outlet />;
}
