import { useState } from "react";
import { isRouteErrorResponse, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import { readFlash, CLEAR_FLASH_COOKIE, type Flash } from "~/.server/admin/flash.ts";
import { requireStaff, staffContext, staffOf, throwForbidden } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { CACHE_POLICY, noStore } from "~/.server/http/cache.ts";
import { businessName } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { bellState } from "~/.server/notifications/staff-inbox.ts";
import { NotificationBell } from "~/components/admin/notification-bell.tsx";
import { sampleSettingsHref, sampleValuesInUse } from "~/.server/settings/samples.ts";
import { AccessDeniedPage, ServerErrorPage } from "~/components/error-page.tsx";
import { NotFoundPage } from "~/components/not-found-page.tsx";
import { PageHead } from "~/components/page-head.tsx";
import { rootMetaOnError } from "~/lib/page-title.ts";
import { screenPathOf } from "~/lib/admin/screen-path.ts";
import { navigationFor, screenFor, type NavGroup } from "~/lib/admin/screens.ts";
import { can, PERMISSIONS, STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import type { Route } from "./+types/layout";

/**
 * The back office's one layout: every admin screen is its child. Its middleware is the guard for all of
 * them, loaders and actions alike, so a screen's code starts from a checked staff member (staffOf):
 * the host gate, a staff session, then the permission the screen declares in the registry. It also makes
 * every back-office response private and unindexed, and hands the flash message of the last action on.
 */
const flashContext = new Map<Request, Flash>();

/** Where a staff member with no name is sent first (./your-name/route.tsx). */
const NAME_PATH = "/admin/your-name";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }, next) => {
    const staff = await requireStaff(request, url, context);
    const screen = screenFor(url.pathname);
    if (!screen || !screen.built) await throwNotFound(url);
    else if (!can(staff.role, screen.permission)) {
      throwForbidden(
        `${screen.label} needs the permission "${PERMISSIONS[screen.permission]}", which your role (${STAFF_ROLE_INFO[staff.role].label}) does not have. Ask the owner if you need it.`,
      );
    }
    // A staff member without a name (made from ADMIN_PHONES) gives it first: everything they do is shown
    // under it. The name page itself is let through
    // (signing out is outside /admin); a screen they may not open is refused first, as for anyone.
    if (!staff.name?.trim() && url.pathname !== NAME_PATH) {
      throw redirect(`${NAME_PATH}?next=${encodeURIComponent(url.pathname + url.search)}`, { status: 303, headers: noStore() });
    }
    context.set(staffContext, staff);
    const flash = request.method === "GET" ? readFlash(request) : null;
    if (flash) flashContext.set(request, flash);
    try {
      const response = await next();
      response.headers.set("Cache-Control", CACHE_POLICY.private);
      response.headers.set("X-Robots-Tag", "noindex, nofollow");
      if (flash) response.headers.append("Set-Cookie", CLEAR_FLASH_COOKIE);
      return response;
    } finally {
      flashContext.delete(request);
    }
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const [site, bell] = await Promise.all([getSiteSettings(), bellState(staff.userId)]);
  return {
    staff: { name: staff.name ?? staff.mobile ?? "Staff", role: STAFF_ROLE_INFO[staff.role].label },
    // The notification bell: my unread alerts (issue 12 §3).
    bell,
    navigation: navigationFor(staff.permissions),
    flash: flashContext.get(request) ?? null,
    // Only the owner can change settings: only they are told which samples are still live.
    samples: staff.role === "owner" ? sampleValuesInUse(site) : [],
    samplesHref: staff.role === "owner" ? sampleSettingsHref(site) : undefined,
    // Every screen's <title> ends with it (PageHead): read here once, not by each screen's loader.
    siteName: businessName(site),
  };
}

/** The root layout leaves out the public site's header, footer and contact buttons under this route. */
export const handle = { shell: "admin" };

/** A page's head is PageHead's (components/page-head.tsx), from the screen's handle; an error page keeps the root's. */
export const meta: Route.MetaFunction = rootMetaOnError;

/**
 * The last action's message stays until the next navigation. The flash cookie is read once, so a live
 * update's reload of the same page (issue 12: the page's own change comes back as an event) would otherwise
 * wipe the message a second after it appeared.
 */
function useFlashUntilNavigation(flash: Flash | null): Flash | null {
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, flash });
  // Adjusting state while rendering (React's pattern for state derived from props): no extra paint.
  if (kept.key !== key || (flash && flash !== kept.flash)) {
    setKept({ key, flash });
    return flash;
  }
  return kept.flash;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { samples, samplesHref } = loaderData;
  const flash = useFlashUntilNavigation(loaderData.flash);
  return (
    <AdminShell staff={loaderData.staff} navigation={loaderData.navigation} bell={loaderData.bell}>
      <PageHead siteName={loaderData.siteName} section="Back Office" />
      {samples.length > 0 && (
        <p className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
          <strong>Sample values are live on the website:</strong> {samples.join(", ")}.{" "}
          {samplesHref ? (
            <a href={samplesHref} className="font-semibold underline">
              Replace them in the settings
            </a>
          ) : (
            "Replace them"
          )}{" "}
          before going live.
        </p>
      )}
      {flash && (
        <p
          role="status"
          className={`mb-4 rounded-md border p-3 text-sm font-medium ${
            flash.type === "error"
              ? "border-red-400 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
              : "border-emerald-400 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          }`}
        >
          {flash.message}
        </p>
      )}
      <Outlet />
    </AdminShell>
  );
}

function AdminShell({
  staff,
  navigation,
  bell,
  children,
}: {
  staff: { name: string; role: string } | undefined;
  navigation: NavGroup[];
  bell?: { unread: number; newestId: number; cap: number } | undefined;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  // From the navigation the loader sent: the registry itself (with every screen's audit sentences) stays on the server.
  const current = screenPathOf(navigation.flatMap((g) => g.screens), pathname)?.path;
  const nav = (
    <nav aria-label="Back office">
      {navigation.map((group) => (
        <div key={group.group} className="mb-3">
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{group.group}</p>
          <ul>
            {group.screens.map((s) => (
              <li key={s.path}>
                <a
                  href={s.path}
                  aria-current={s.path === current ? "page" : undefined}
                  className={`block rounded-md px-3 py-2 text-sm font-medium ${
                    s.path === current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-800"
                  }`}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
  return (
    <div className="min-h-dvh bg-white dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-slate-900 text-white dark:border-slate-800">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
          <a href="/admin" className="font-bold">
            Back office
          </a>
          {staff && (
            <span className="text-sm text-slate-300">
              {staff.name} · {staff.role}
            </span>
          )}
          <div className="ml-auto flex items-center gap-3">
            {bell && <NotificationBell {...bell} />}
            <a href="/" className="text-sm underline">
              Website
            </a>
            <form method="post" action="/auth/sign-out">
              <button type="submit" className="rounded-md px-2 py-1 text-sm font-medium hover:bg-slate-700">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="lg:flex">
        {navigation.length > 0 && (
          <>
            <details className="border-b border-slate-200 px-2 py-2 lg:hidden dark:border-slate-800">
              <summary className="cursor-pointer px-2 py-1 font-semibold">Menu</summary>
              <div className="mt-2">{nav}</div>
            </details>
            <aside className="hidden w-56 shrink-0 border-r border-slate-200 p-2 lg:block dark:border-slate-800">{nav}</aside>
          </>
        )}
        <main id="main" className="min-w-0 flex-1 px-4 py-6">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Errors below the layout keep the back office's shell and say why: 403 with its reason, 404, or 500. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const site = useRouteLoaderData<{ site: Parameters<typeof NotFoundPage>[0]["site"] }>("root")?.site;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: unknown } | null)?.reason : undefined;
  const body =
    status === 404 ? (
      <NotFoundPage site={site} />
    ) : status === 403 ? (
      <AccessDeniedPage
        reason={typeof reason === "string" ? reason : undefined}
        back={layout ? { href: "/admin", label: "Back to the dashboard" } : undefined}
      />
    ) : (
      <ServerErrorPage site={site} />
    );
  // Refused before the layout's loader ran: the root layout draws the public frame around it.
  if (!layout) return body;
  return (
    <AdminShell staff={layout.staff} navigation={layout.navigation} bell={layout.bell}>
      {body}
    </AdminShell>
  );
}
