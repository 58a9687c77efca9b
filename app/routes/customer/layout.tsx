import { Outlet } from "react-router";
import { portalGuard } from "~/.server/auth/portal.ts";
import { PortalError, PortalFrame } from "~/components/portal-frame.tsx";
import { rootMetaOnError } from "~/lib/page-title.ts";
import type { Route } from "./+types/layout";

/**
 * The customer portal's layout: its middleware is the guard for every page and file below it (a
 * customer's session, else the sign-in page), and makes every answer private and unindexed. Pages start
 * from `portalSessionOf(context, "customer")`; whether the request is theirs is the page's own check.
 */
export const middleware: Route.MiddlewareFunction[] = [portalGuard("customer")];

/** The root layout leaves the public site's header, footer and floating buttons out under this route. */
export const handle = { shell: "portal" };

/** A page's head is PortalFrame's (its handle's title), an error page's the root's. */
export const meta: Route.MetaFunction = rootMetaOnError;

export default function CustomerPortal() {
  return (
    <PortalFrame portal="customer">
      <Outlet />
    </PortalFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PortalError portal="customer" error={error} />;
}
