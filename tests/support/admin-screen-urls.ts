import { screenFor } from "~/lib/admin/screens.ts";
import routes from "~/routes.ts";

/**
 * The back office's URLs as routes.ts serves them, each pattern with its parameters filled in, so that a test
 * can request every page and file of every screen without a hand-kept list a new screen could be left out of:
 * tests/integration/admin-refusals.test.ts requests each one as every role and on the public host, and
 * tests/unit/admin-screen-rules.test.ts checks each lives in its screen's folder.
 */
export interface FlatRoute {
  /** The URL pattern, with a leading slash: "/admin/quotes/:reference/pdf". */
  path: string;
  file: string;
}

/** A URL pattern of routes.ts, and whether it sits inside the back office's layout (its guard). */
type PlacedRoute = FlatRoute & { inAdminLayout: boolean };

const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** routes.ts as one list of URL patterns and their files (layouts flattened away). */
function flatten(
  entries: ReadonlyArray<{ path?: string; file: string; index?: boolean; children?: unknown }>,
  inAdminLayout = false,
  into: PlacedRoute[] = [],
): PlacedRoute[] {
  for (const entry of entries) {
    if (entry.path !== undefined || entry.index) into.push({ path: `/${entry.path ?? ""}`, file: entry.file, inAdminLayout });
    if (Array.isArray(entry.children)) flatten(entry.children as typeof entries, inAdminLayout || entry.file === ADMIN_LAYOUT, into);
  }
  return into;
}

/**
 * Every back-office URL pattern in routes.ts: those under /admin (the sign-in page and the catch-all
 * included) and every route inside the admin layout, wherever its URL is (the spec's /database).
 */
const PLACED = flatten(routes);
export const ADMIN_ROUTES: readonly FlatRoute[] = PLACED.filter((r) => r.inAdminLayout || r.path === "/admin" || r.path.startsWith("/admin/")).map(({ path, file }) => ({
  path,
  file,
}));

/** The URL patterns routes.ts serves outside the admin layout, so without its guard. */
export const ROUTES_OUTSIDE_ADMIN_LAYOUT: readonly FlatRoute[] = PLACED.filter((r) => !r.inAdminLayout).map(({ path, file }) => ({ path, file }));

/** A URL of the pattern: each :param (and the catch-all *) filled in. The guard reads only the path. */
export const sampleUrl = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "x1").replace(/\*$/, "anything");

/** The URLs of a screen: its own page and every page and file routes.ts serves below it. */
export function screenUrls(screenPath: string): string[] {
  return ADMIN_ROUTES.map((r) => sampleUrl(r.path)).filter((url) => screenFor(url)?.path === screenPath);
}
