/**
 * Where a finding on a page is fixed. Today every page's words, links and images come from the content seed
 * and the code, and no back-office screen edits them yet (the content and service catalogue screens,
 * /admin/cms and /admin/services, come later in issue 19): so the only honest link is the public page
 * itself, where the problem can be seen. When those screens land, each adds a resolver here for the paths
 * it owns (e.g. /services/:slug -> /admin/services/:id), and its link is listed before the page's.
 */
export interface FixLink {
  label: string;
  href: string;
}

/** A screen's claim on some public paths: the link to the record that fixes the page, or null when not its own. */
export type FixResolver = (path: string) => FixLink | null;

const resolvers: FixResolver[] = [];

/** For the screens that edit public pages: registers where their pages are fixed. */
export function registerFixResolver(resolver: FixResolver): void {
  resolvers.push(resolver);
}

/** The links of a finding on `path`: the screens that edit it, then the page itself on the public site. */
export function fixLinksFor(path: string, siteUrl: string): FixLink[] {
  const links: FixLink[] = [];
  for (const resolve of resolvers) {
    const link = resolve(path);
    if (link) links.push(link);
  }
  links.push({ label: "Open the page", href: `${siteUrl.replace(/\/+$/, "")}${path}` });
  return links;
}
