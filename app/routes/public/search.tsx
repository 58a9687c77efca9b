import { searchContent } from "~/.server/content/search.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { SearchIcon } from "~/components/icons.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/search";

const MAX_QUERY = 200;

export async function loader({ url }: Route.LoaderArgs) {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const [site, groups] = await Promise.all([getSiteSettings(), query ? searchContent(query) : Promise.resolve([])]);
  const count = groups.reduce((n, g) => n + g.results.length, 0);
  return {
    query,
    groups,
    count,
    meta: seo(site, {
      type: "services",
      title: query ? `Search results for “${query}”` : "Search",
      description: "Search services, repair guides, fault codes, FAQs and products.",
      path: "/search",
      // Result pages change with the query: keep them out of search engines.
      noindex: true,
      breadcrumbs: [{ name: "Search", path: "/search" }],
    }),
  };
}

export const meta = routeMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, groups, count } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Search", path: "/search" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{query ? `Search results for “${query}”` : "Search the site"}</h1>
      <form method="get" action="/search" role="search" aria-label="Search the site" className="mt-6 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search services, guides, fault codes
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={MAX_QUERY}
          required
          pattern=".*\S.*"
          title="Type what you are looking for"
          placeholder="e.g. servo repair, F0001, AMC"
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button type="submit" className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          <SearchIcon className="size-4" />
          Search
        </button>
      </form>

      {query && (
        <p role="status" className="mt-6 text-slate-700 dark:text-slate-300">
          {count === 0 ? `No results found for “${query}”. Try fewer or different words, or call us.` : `${count} result${count === 1 ? "" : "s"}`}
        </p>
      )}

      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`results-${group.category.toLowerCase().replace(/\s+/g, "-")}`} className="mt-8">
          <h2 id={`results-${group.category.toLowerCase().replace(/\s+/g, "-")}`} className="text-xl font-semibold">
            {group.category}
          </h2>
          <ul className="mt-3 space-y-4">
            {group.results.map((r) => (
              <li key={`${r.path}|${r.title}`}>
                <a href={r.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                  {r.title}
                </a>
                {r.snippet && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{r.snippet}</p>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
