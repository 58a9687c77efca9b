import { FileQuestionMarkIcon, PhoneIcon, SearchIcon } from "./icons.tsx";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { telHref } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { popularPages, quickServiceLinks, type SiteLink } from "~/lib/site-links.ts";
import { TitledSection } from "~/components/titled-section.tsx";

function LinkList({ title, links }: { title: string; links: SiteLink[] }) {
  return (
    <section aria-labelledby={`nf-${title.replace(/\W+/g, "-").toLowerCase()}`}>
      <h2 id={`nf-${title.replace(/\W+/g, "-").toLowerCase()}`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <a
              href={link.to}
              className="block rounded-md border border-slate-200 px-3 py-2 text-sm font-medium text-brand-700 hover:border-brand-600 hover:bg-brand-50 dark:border-slate-700 dark:text-sky-300 dark:hover:bg-slate-800"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec section 2, "404 page". Rendered by the root error boundary for every 404. */
export function NotFoundPage({ site }: { site: SiteSettings | undefined }) {
  const { pathname } = useLocation();
  const [query, setQuery] = useState("");

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <div className="text-center">
        <FileQuestionMarkIcon className="mx-auto size-14 text-accent-600 dark:text-accent-400" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page Not Found</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          The page you&apos;re looking for doesn&apos;t exist or may have been moved.
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Requested address: <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all dark:bg-slate-800">{pathname}</code>
        </p>

        <form
          action="/search"
          method="get"
          role="search"
          className="mx-auto mt-6 flex max-w-md gap-2"
          onSubmit={(event) => {
            if (query.trim() === "") event.preventDefault();
          }}
        >
          <label htmlFor="not-found-search" className="sr-only">
            Search the site
          </label>
          <input
            id="not-found-search"
            name="q"
            type="search"
            required
            // Without JavaScript, the browser itself refuses a blank or whitespace-only search.
            pattern=".*\S.*"
            title="Type what you are looking for"
            placeholder="Search services, guides, pages..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <button
            type="submit"
            className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            <SearchIcon className="size-4" />
            Search
          </button>
        </form>
      </div>

      <div className="mt-12 grid gap-10 md:grid-cols-2">
        <LinkList title="Popular pages" links={popularPages} />
        <LinkList title="Quick service links" links={quickServiceLinks} />
      </div>

      {site && (
        <TitledSection headingId="nf-emergency" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-lg font-semibold" title="Machine down? We answer 24/7">
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Call for emergency breakdown support, or send a service request and an engineer calls you back within{" "}
            {site.promises.responseHoursMin}-{site.promises.responseHoursMax} hours.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={telHref(site.identity.supportPhone)}
              className="inline-flex h-11 items-center gap-2 rounded-md bg-accent-600 px-5 font-semibold text-white hover:bg-orange-800"
            >
              <PhoneIcon className="size-4" />
              Call now
            </a>
            <a
              href="/request"
              className="inline-flex h-11 items-center rounded-md border border-slate-300 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:hover:bg-slate-800"
            >
              Request service
            </a>
          </div>
        </TitledSection>
      )}

      <p className="mt-10 text-center text-sm text-slate-700 dark:text-slate-300">
        Still lost? See the{" "}
        <a href="/sitemap.xml" className="font-medium text-brand-700 underline dark:text-sky-300">
          sitemap
        </a>
        , the{" "}
        <a href="/faq" className="font-medium text-brand-700 underline dark:text-sky-300">
          FAQ
        </a>{" "}
        or{" "}
        <a href="/contact" className="font-medium text-brand-700 underline dark:text-sky-300">
          contact us
        </a>
        .
      </p>
    </div>
  );
}
