import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { registerFixResolver, type FixLink } from "~/.server/seo-audit/fix-links.ts";

/**
 * The SEO audit's "fix it here" for a service page (/service/{slug}, or one of its /services/ paths): the
 * service's record in /admin/services, where its name, summary and text are edited. Registered when imported
 * (startup.ts imports it, as it imports the job modules).
 */
export async function serviceFixLink(path: string): Promise<FixLink | null> {
  const pathname = path.split(/[?#]/, 1)[0]!;
  const byName = /^\/service\/([^/]+)$/.exec(pathname);
  if (!byName && !/^\/services\/[^/]+$/.test(pathname)) return null;
  const [found] = await getDb()
    .select({ id: contentEntries.id, name: contentEntries.title })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.kind, "service"),
        byName ? eq(contentEntries.slug, byName[1]!) : sql`${contentEntries.data}->'servicePaths' @> ${JSON.stringify([pathname])}::jsonb`,
      ),
    )
    .limit(1);
  return found ? { label: `Edit the service ${found.name}`, href: `/admin/services/${found.id}` } : null;
}

registerFixResolver(serviceFixLink);
