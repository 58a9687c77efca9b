import { findEntry, renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { Prose } from "~/components/prose.tsx";
import { mailtoHref } from "~/lib/contact-links.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/certifications";


export async function loader({ url }: Route.LoaderArgs) {
  const [site, entry] = await Promise.all([getSiteSettings(), findEntry("page", "certifications")]);
  if (!entry) return throwNotFound(url);
  return {
    page: { title: entry.title, summary: entry.summary, standard: entry.data.standard ?? site.claims.isoCertification },
    bodyHtml: renderMarkdown(withSupportEmail(entry.body, site)),
    meta: seo(site, {
      type: "about",
      title: entry.title,
      description: entry.summary,
      path: "/certifications",
      breadcrumbs: [{ name: "Certifications", path: "/certifications" }],
    }),
  };
}

export const meta = routeMeta;

export default function Certifications({ loaderData }: Route.ComponentProps) {
  const { page, bodyHtml } = loaderData;
  const { identity } = useSite();
  const request = `${mailtoHref(identity.supportEmail)}?subject=${encodeURIComponent(`Copy of ${page.standard} certificate`)}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading trail={[{ name: "Certifications", path: "/certifications" }]} title={page.title} summary={page.summary} />
      <Prose html={bodyHtml} className="mt-8" />
      <aside aria-labelledby="certificate-copy-heading" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900">
        <h2 id="certificate-copy-heading" className="text-lg font-semibold">
          Need a copy of the certificate?
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          <a href={request} className="font-medium text-brand-700 underline dark:text-sky-300">
            E-mail us for a copy
          </a>{" "}
          for your vendor file or audit, or read{" "}
          <a href="/about" className="font-medium text-brand-700 underline dark:text-sky-300">
            about our workshop
          </a>
          .
        </p>
      </aside>
    </article>
  );
}
