import type { MetaDescriptor } from "react-router";

/**
 * The titles of the back office's and the portals' pages (issue 18 §3). Each page names itself in its route
 * module's `handle`, and its layout writes the <title> and the robots tag from it (components/page-head.tsx),
 * with the business name the layout already has. A page's loader then needs no settings read and no seo()
 * call only to name its page.
 *
 *   export const handle = { title: "Products" };
 *   export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.reference };
 *
 * The title is the page's own words: the layout adds ": Back Office" in the back office, and the business.
 */
export interface PageHandle<LoaderData = never> {
  /** Fixed, or read from the page's loader data when it names a record ("SR-2611-0004"). */
  title: string | ((loaderData: LoaderData) => string);
}

/** "Products: Back Office | Deccan Automation Services"; "My data | Deccan Automation Services" in a portal. */
export function headTitle(page: string, siteName: string, section?: string): string {
  return `${section ? `${page}: ${section}` : page} | ${siteName}`;
}

/** The page's own title from a route match's handle, or undefined when the route declares none. */
export function pageTitleOf(handle: unknown, loaderData: unknown): string | undefined {
  const title = (handle as Partial<PageHandle<unknown>> | undefined)?.title;
  if (typeof title === "function") return loaderData === undefined ? undefined : title(loaderData);
  return typeof title === "string" ? title : undefined;
}

/**
 * The meta export of a layout whose pages are titled by PageHead: it only stands in for the root's meta,
 * which would title every page "Something went wrong". An error page keeps the root's tags (the 404's own,
 * "Access Denied"), which the root has worked out first.
 */
export function rootMetaOnError({ error, matches }: { error?: unknown; matches: ReadonlyArray<{ meta: MetaDescriptor[] } | undefined> }): MetaDescriptor[] {
  return error ? (matches[0]?.meta ?? []) : [];
}
