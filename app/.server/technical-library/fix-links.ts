import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { contentEntries as c } from "~/.server/db/schema.ts";
import { registerFixResolver, type FixLink } from "~/.server/seo-audit/fix-links.ts";

/**
 * The SEO audit's "fix it here" for the fault-code page (/technical-data, and /technical-data?brand=…): the
 * table it shows in /admin/technical-library (the brand's tables when it has several; the public tables for
 * the whole page). Registered when imported (startup.ts imports it, as it imports the job modules).
 */
export async function faultTableFixLink(path: string): Promise<FixLink | null> {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  if (pathname !== "/technical-data") return null;
  const brand = new URLSearchParams(query.split("#", 1)[0]).get("brand")?.trim();
  if (!brand) return { label: "Edit the fault-code tables on this page", href: "/admin/technical-library?show=public" };
  const tables = await getDb()
    .select({ id: c.id, title: c.title })
    .from(c)
    .where(and(eq(c.kind, "fault-table"), sql`(${c.data}->>'public') is distinct from 'false'`, sql`${c.data}->>'brand' = ${brand}`))
    .orderBy(asc(c.position), asc(c.id))
    .limit(2);
  if (tables.length === 1) return { label: `Edit the fault-code table ${tables[0]!.title}`, href: `/admin/technical-library/${tables[0]!.id}` };
  return { label: `Edit the ${brand} fault-code tables`, href: `/admin/technical-library?${new URLSearchParams({ q: brand, show: "public" }).toString()}` };
}

registerFixResolver(faultTableFixLink);
