import { registerFixResolver } from "~/.server/seo-audit/fix-links.ts";

/**
 * The SEO audit's findings on a page the content screen edits link to its record: /admin/cms/find looks the
 * entry up by the page's path and opens it (the resolver itself cannot ask the database).
 */
const CMS_PATHS = /^\/(?:blog|projects\/case-studies|service-area)\/[a-z0-9-]+$|^\/(?:about|certifications|investors|power-electronics)$/;

export function cmsFixLink(path: string) {
  return CMS_PATHS.test(path) ? { label: "Edit in Content", href: `/admin/cms/find?path=${encodeURIComponent(path)}` } : null;
}

registerFixResolver(cmsFixLink);
