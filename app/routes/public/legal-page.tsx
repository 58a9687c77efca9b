import { findEntry, renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatDate } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/legal-page";

/** The pages this module serves (/privacy, /terms, /return-policy): the page entry's slug is the path. */
const LEGAL_SLUGS = ["privacy", "terms", "return-policy"] as const;

/** How the seed texts write the address; the settings' current one replaces it. */
const SEEDED_ADDRESS = "Industrial Development Area, Balanagar, Hyderabad, Telangana 500037, India";

export async function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url;
  const slug = LEGAL_SLUGS.find((s) => pathname === `/${s}`);
  const [entry, site] = await Promise.all([slug ? findEntry("page", slug) : undefined, getSiteSettings()]);
  if (!slug || !entry) return throwNotFound(url);

  const { address } = site.identity;
  const addressText = `${address.streetAddress}, ${address.city}, ${address.state} ${address.postalCode}, ${address.country}`;
  const body = withSupportEmail(entry.body.replaceAll(SEEDED_ADDRESS, addressText), site);
  const path = `/${slug}`;
  return {
    page: { title: entry.title, summary: entry.summary, version: entry.data.version, path },
    bodyHtml: renderMarkdown(body),
    meta: seo(site, {
      type: "policy",
      title: entry.title,
      description: entry.summary,
      path,
      breadcrumbs: [{ name: entry.title, path }],
    }),
  };
}

export const meta = routeMeta;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page, bodyHtml } = loaderData;
  const isoVersion = page.version && /^\d{4}-\d{2}-\d{2}$/.test(page.version) ? page.version : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={[{ name: page.title, path: page.path }]} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        {page.version && (
          <p className="mt-2 text-sm font-semibold text-slate-700 dark:text-slate-300">
            Version {isoVersion ? <time dateTime={isoVersion}>{page.version}</time> : page.version}
            {isoVersion && <span className="font-normal"> (in force from {formatDate(isoVersion)})</span>}
          </p>
        )}
        {page.summary && <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{page.summary}</p>}
      </header>
      <Prose html={bodyHtml} className="mt-8" />
    </article>
  );
}
