import { findEntry, renderMarkdown } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/investors";

/** The seed text's sample e-mail address; the settings' current one replaces it. */
const SEEDED_EMAIL = "support@example.com";

export async function loader({ request }: Route.LoaderArgs) {
  const [site, entry] = await Promise.all([getSiteSettings(), findEntry("page", "investors")]);
  if (!entry) return throwNotFound(request);
  return {
    page: { title: entry.title, summary: entry.summary },
    bodyHtml: renderMarkdown(entry.body.replaceAll(SEEDED_EMAIL, site.identity.supportEmail)),
    meta: seo(site, {
      type: "about",
      title: entry.title,
      description: entry.summary,
      path: "/investors",
      breadcrumbs: [{ name: entry.title, path: "/investors" }],
    }),
  };
}

export const meta = routeMeta;

export default function Investors({ loaderData }: Route.ComponentProps) {
  const { page, bodyHtml } = loaderData;
  const { identity } = useSite();
  const enquiry = `${mailtoHref(identity.supportEmail)}?subject=${encodeURIComponent("Investor enquiry")}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={[{ name: page.title, path: "/investors" }]} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        {page.summary && <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{page.summary}</p>}
      </header>
      <Prose html={bodyHtml} className="mt-8" />
      <section
        id="investor-enquiry"
        aria-labelledby="investor-enquiry-heading"
        className="mt-12 rounded-lg border border-slate-200 p-6 dark:border-slate-800"
      >
        <h2 id="investor-enquiry-heading" className="text-xl font-bold">
          Send an investor enquiry
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Write to{" "}
          <a href={enquiry} className="font-medium text-brand-700 underline dark:text-sky-300">
            {identity.supportEmail}
          </a>{" "}
          with &ldquo;Investor enquiry&rdquo; as the subject, giving your name, organisation and the nature of your
          interest, or call{" "}
          <a href={telHref(identity.supportPhone)} className="font-medium text-brand-700 underline dark:text-sky-300">
            {formatIndianPhone(identity.supportPhone)}
          </a>{" "}
          and ask for the management.
        </p>
      </section>
    </article>
  );
}
