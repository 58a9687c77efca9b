// First: zod's settings must be in place before any module makes a schema (see the module).
import "~/lib/zod-in-browser.ts";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type HeadersArgs,
} from "react-router";
import { lazy, useEffect } from "react";
import { cacheControl } from "~/.server/http/cache.ts";
import { readSession, viewerOf } from "~/.server/auth/index.ts";
import { hadDatabaseOutage, outageErrorResponse } from "~/.server/http/database-outage.ts";
import { erasedLinkResponse, isErasedCustomersLink } from "~/.server/links/erased.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { FloatingContact } from "~/components/floating-contact.tsx";
import { SiteFooter } from "~/components/site-footer.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import { ToastHost } from "~/components/toast-host.tsx";
import { THEME_INIT_SCRIPT } from "~/lib/theme.ts";
import { useLinkNavigation } from "~/lib/use-link-navigation.ts";
import { useScrollRestoration } from "~/lib/use-scroll-restoration.ts";
import { outageOf } from "~/lib/database-outage.ts";
import { keepFormOnOutage, restoreKeptForm } from "~/lib/outage-kept-form.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const middleware: Route.MiddlewareFunction[] = [
  /**
   * The database down (ADR 069) on a client-side navigation or submission (React Router's `.data` request):
   * whatever a loader or an action met, the root boundary shows the outage page, in the public site, the
   * portals and the back office alike, as on a full page load (entry.server.tsx does that one; server.ts
   * answers a resource route's). Otherwise the answer carries the error sanitised to "Unexpected Server
   * Error", which the browser shows as the generic error page. Thrown here, after the handlers ran (handleError
   * has noted the outage), it is a route error response at the root, which reaches the browser whole;
   * server.ts adds Retry-After to the 503.
   */
  async ({ request, context }, next) => {
    const response = await next();
    if (hadDatabaseOutage(context) && new URL(request.url).pathname.endsWith(".data")) {
      const outage = outageErrorResponse(request.method);
      throw data(outage.data, { status: outage.status, statusText: outage.statusText });
    }
    return response;
  },
  /** A signed link of an erased customer answers 410 Gone, whatever the page behind it (~/.server/links/erased.ts). */
  async ({ url }, next) => {
    if (url.pathname.startsWith("/d/") && (await isErasedCustomersLink(url.pathname))) return erasedLinkResponse();
    return next();
  },
];

/** A form submitted while the database was down keeps what was typed for the way back to it (ADR 069). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [({ request }, next) => keepFormOnOutage(request, next)];

export async function loader({ request }: Route.LoaderArgs) {
  const [site, session] = await Promise.all([getSiteSettings(), readSession(request)]);
  return { site, viewer: session ? viewerOf(session) : null };
}

export function headers({ loaderHeaders, errorHeaders }: HeadersArgs) {
  // A thrown response (a 404) brings its own Cache-Control; server.ts never lets a 5xx be cached.
  return errorHeaders?.has("Cache-Control") ? errorHeaders : loaderHeaders.has("Cache-Control") ? loaderHeaders : cacheControl("page");
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * Only error pages use the root's meta: every page route has its own. A 404 carries its head tags in the
 * thrown data (throwNotFound); any other error gets a plain title.
 */
export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && Array.isArray((error.data as { meta?: unknown } | null)?.meta)) {
    return (error.data as { meta: Route.MetaDescriptors }).meta;
  }
  if (isRouteErrorResponse(error) && error.status === 403) return [{ title: "Access Denied" }, { name: "robots", content: "noindex" }];
  if (outageOf(error)) return [{ title: "Please try again in a minute" }, { name: "robots", content: "noindex" }];
  return [{ title: "Something went wrong" }, { name: "robots", content: "noindex" }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The back office and the customer and technician portals draw their own frame (routes/admin/layout.tsx,
  // components/portal-frame.tsx): no public header, footer or floating buttons. A visitor refused before the
  // admin layout's loader ran (the public host, no staff role) gets the public site's frame around "Access
  // Denied", as any other page there; a portal's guard sends a visitor without its session to sign in.
  const ownShell = useMatches().some((m) => {
    const shell = (m.handle as { shell?: string } | undefined)?.shell;
    return shell === "portal" || (shell === "admin" && m.loaderData !== undefined);
  });
  const site = ownShell ? undefined : data?.site;
  return (
    // The theme script sets data-theme, class and color-scheme on <html> before hydration.
    <html lang="en-IN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        {/* With a precedence React writes the stylesheet at the top of <head>, before the scripts' modulepreload
            links: on a slow connection the one resource that blocks the first paint then starts first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Its text is needed only in the server's HTML: the browser has run it before React starts, and React
            never rewrites a hydrated script's text, so the client bundle leaves the string out. */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_INIT_SCRIPT : "" }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {site && <SiteHeader site={site} viewer={data?.viewer ?? null} />}
        {ownShell ? (
          children
        ) : (
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        {site && <SiteFooter site={site} />}
        {/* With the chat launcher, which shares its scroll state. */}
        {site && <FloatingContact identity={site.identity} />}
        <ToastHost />
        <LinkNavigation />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Turns clicks on the site's plain links into client-side navigations (see use-link-navigation.ts) and
 * scrolls after them as a plain site would (use-scroll-restoration.ts), and marks <html data-hydrated> once
 * the page is interactive, so browser tests know when JavaScript behaviour is live.
 */
function LinkNavigation() {
  useLinkNavigation();
  useScrollRestoration();
  // Back on a page whose form could not be saved during an outage: its fields as they were sent.
  const { key } = useLocation();
  useEffect(() => restoreKeptForm(), [key]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useRouteLoaderData<typeof loader>("root")?.site;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: unknown } | null)?.reason : undefined;
  const Page = errorPage ?? LazyErrorPage;
  return <Page status={status} site={site} reason={reason} outage={outageOf(error)} />;
}

// The error pages (404, Access Denied, error) are code every page would carry for the rare visit that needs
// them (ADR 021). The server loads their module up front and renders it inline, never through a lazy
// boundary (which would be streamed out of order and stay hidden without JavaScript, ADR 004); the browser
// fetches it only when an error page is shown. Hydrating a server-rendered 404 waits for it; a client-side
// navigation to one keeps the old page until it has come.
let errorPage: typeof import("~/components/root-error-page.tsx").RootErrorPage | undefined;
if (typeof document === "undefined") void import("~/components/root-error-page.tsx").then((m) => (errorPage = m.RootErrorPage));
const LazyErrorPage = lazy(() => import("~/components/root-error-page.tsx").then((m) => ({ default: (errorPage = m.RootErrorPage) })));
