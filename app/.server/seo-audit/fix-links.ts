/**
 * Where a finding on a page is fixed: each back-office screen that edits public pages registers a resolver
 * for the paths it owns (a service page -> its record in /admin/services, /technical-data -> its fault-code
 * tables in /admin/technical-library), imported for its side effect by startup.ts as job modules are; its
 * link is listed before the public page itself, where the problem can be seen.
 */
export interface FixLink {
  label: string;
  href: string;
}

/**
 * A screen's claim on some public paths: the link to the record that fixes the page, or null when not its
 * own. It may look the record up (a promise).
 */
export type FixResolver = (path: string) => FixLink | null | Promise<FixLink | null>;

const resolvers: FixResolver[] = [];

/** For the screens that edit public pages: registers where their pages are fixed. */
export function registerFixResolver(resolver: FixResolver): void {
  resolvers.push(resolver);
}

/** The links of a finding on `path`: the screens that edit it, then the page itself on the public site. */
export async function fixLinksFor(path: string, siteUrl: string): Promise<FixLink[]> {
  const links: FixLink[] = [];
  for (const link of await Promise.all(resolvers.map((resolve) => resolve(path)))) {
    if (link) links.push(link);
  }
  links.push({ label: "Open the page", href: `${siteUrl.replace(/\/+$/, "")}${path}` });
  return links;
}
