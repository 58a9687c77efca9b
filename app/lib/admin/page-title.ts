/**
 * The back office's page titles (issue 18 §3). Every admin screen names itself in its route module's
 * `handle`, and the admin layout (routes/admin/layout.tsx) writes the <title> and the robots tag from it,
 * with the business name the layout's loader already has. A screen's loader then needs no settings read and
 * no seo() call only to name its page.
 *
 *   export const handle: AdminHandle = { title: "Products" };
 *   export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.reference };
 *
 * The title is the page's own words; the layout adds ": Back Office | <business name>", as seo() did.
 */
export interface AdminHandle<LoaderData = never> {
  /** Fixed, or read from the page's loader data when it names a record ("SR-2611-0004"). */
  title: string | ((loaderData: LoaderData) => string);
}

/** The head's title of a back-office page: "Products: Back Office | Deccan Automation Services". */
export function backOfficeTitle(page: string, siteName: string): string {
  return `${page}: Back Office | ${siteName}`;
}

/** The page's own title from a route match's handle, or undefined when the route declares none. */
export function pageTitleOf(handle: unknown, loaderData: unknown): string | undefined {
  const title = (handle as Partial<AdminHandle<unknown>> | undefined)?.title;
  if (typeof title === "function") return loaderData === undefined ? undefined : title(loaderData);
  return typeof title === "string" ? title : undefined;
}
