import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import type { SearchCategory } from "~/lib/search-index.ts";
import { MAX_RESULTS_PER_GROUP, SEARCH_CATEGORIES, searchSite } from "~/lib/search-index.ts";
import type { ContentKind } from "./schemas.ts";
import { noteContentRead } from "./version.ts";

export interface SearchResult {
  title: string;
  path: string;
  /** Plain text; the matched words are returned separately so the page can mark them safely. */
  snippet: string;
}
export interface SearchResultGroup {
  category: SearchCategory;
  results: SearchResult[];
}

const CATEGORY: Record<ContentKind, SearchCategory | undefined> = {
  service: "Services",
  article: "Blog",
  faq: "Support",
  product: "Products",
  page: "Company",
  "fault-table": "Resources",
  course: "Company",
  career: "Company",
  "case-study": "Projects",
  project: "Projects",
  place: "Service Area",
  "future-service": "Services",
  "city-service": undefined,
};

const PAGE_PATHS: Record<string, string> = {
  about: "/about",
  certifications: "/certifications",
  investors: "/investors",
  "power-electronics": "/power-electronics",
  privacy: "/privacy",
  terms: "/terms",
  "return-policy": "/return-policy",
};

/** The public page an entry is shown on (exported for the chat assistant, ~/.server/chat). */
export function pathOf(kind: ContentKind, slug: string, data: Record<string, unknown>): string | undefined {
  switch (kind) {
    case "service":
      return (data.servicePaths as string[] | undefined)?.[0] ?? `/service/${slug}`;
    case "article":
      return `/blog/${slug}`;
    case "faq":
      return "/faq";
    case "product":
      return "/products";
    case "page":
      return PAGE_PATHS[slug];
    case "fault-table":
      return `/technical-data?brand=${encodeURIComponent(String(data.brand ?? ""))}`;
    case "course":
      return "/training";
    case "career":
      return "/careers";
    case "case-study":
      return `/projects/case-studies/${slug}`;
    case "project":
      return "/projects";
    case "place":
      return `/service-area/${slug}`;
    case "future-service":
      return "/future-services";
    case "city-service":
      return undefined;
  }
}

/** Words of the query as prefix terms ("serv" finds "servo"), letters and digits only: nothing else reaches SQL. */
export function toPrefixQuery(query: string): string | undefined {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 10);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : undefined;
}

/**
 * Full-text search over the site's content (PostgreSQL full-text search, also on PGlite), ranked, grouped
 * by category like the header search, at most 8 per group. Pages that are not content entries (home,
 * contact, registration) come from the header's index.
 */
export async function searchContent(query: string): Promise<SearchResultGroup[]> {
  const tsquery = toPrefixQuery(query);
  if (!tsquery) return [];
  // Entries of every kind, read here and not through the content cache: a change of any drops this page's copy.
  noteContentRead();
  const rows = (await getDb().execute(sql`
    select kind, slug, title, summary, data,
           ts_headline('english', body, to_tsquery('english', ${tsquery}),
                       'StartSel="", StopSel="", MaxWords=30, MinWords=12, MaxFragments=1') as headline
    from content_entries
    where search @@ to_tsquery('english', ${tsquery}) and status = 'published' and kind <> 'city-service' and not (kind = 'service' and data->>'shown' = 'false') and not (kind = 'fault-table' and data->>'public' = 'false')
    order by ts_rank(search, to_tsquery('english', ${tsquery})) desc, position
    limit 60
  `)) as unknown as {
    rows: Array<{ kind: ContentKind; slug: string; title: string; summary: string; data: Record<string, unknown>; headline: string }>;
  };

  const groups = new Map<SearchCategory, SearchResult[]>();
  const seen = new Set<string>();
  const add = (category: SearchCategory, result: SearchResult) => {
    const key = `${result.path}|${result.title}`;
    if (seen.has(key)) return;
    const list = groups.get(category) ?? [];
    if (list.length >= MAX_RESULTS_PER_GROUP) return;
    seen.add(key);
    list.push(result);
    groups.set(category, list);
  };
  for (const row of rows.rows) {
    const category = CATEGORY[row.kind];
    const path = pathOf(row.kind, row.slug, row.data);
    if (!category || !path) continue;
    add(category, { title: row.title, path, snippet: row.summary || row.headline });
  }
  for (const group of searchSite(query)) {
    if (group.category === "Pages" || group.category === "Community" || group.category === "Technician") {
      for (const e of group.entries) add(group.category, { title: e.title, path: e.path, snippet: "" });
    }
  }
  return SEARCH_CATEGORIES.flatMap((category) => {
    const results = groups.get(category);
    return results ? [{ category, results }] : [];
  });
}
