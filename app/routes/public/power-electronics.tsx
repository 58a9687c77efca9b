import { findEntry, renderMarkdown } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { Prose } from "~/components/prose.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/power-electronics";

const PATH = "/power-electronics";

/** /power-electronics: component-level repair of drive power sections (the "power-electronics" page entry). */
export async function loader({ url }: Route.LoaderArgs) {
  const [site, page] = await Promise.all([getSiteSettings(), findEntry("page", "power-electronics")]);
  if (!page) return throwNotFound(url);
  return {
    page: { title: page.title, summary: page.summary },
    bodyHtml: renderMarkdown(page.body),
    meta: seo(site, {
      type: "services",
      title: page.title,
      description: page.summary,
      path: PATH,
      breadcrumbs: [{ name: page.title, path: PATH }],
    }),
  };
}

export const meta = routeMeta;

export default function PowerElectronics({ loaderData }: Route.ComponentProps) {
  const { page, bodyHtml } = loaderData;
  const { promises } = useSite();
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[{ name: page.title, path: PATH }]} className="mt-4 max-w-3xl" eyebrow="Workshop repair" title={page.title} summary={page.summary} contact={{ requestHref: "/request?service=vfd-repair", whatsappText: "Hello, I need a power electronics repair (drive power section). Please contact me." }}>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold">Warranty on repairs: </span>
          {promises.warrantyMonths} months
        </p>
      </PageHeading>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <Prose html={bodyHtml} className="lg:col-span-2" />
        <nav aria-labelledby="related-heading" className="self-start rounded-lg border border-slate-200 p-5 dark:border-slate-800">
          <h2 id="related-heading" className="text-lg font-semibold">
            Related
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="/services/vfd-repair" className="font-medium text-brand-700 underline dark:text-sky-300">
                VFD repair
              </a>
            </li>
            <li>
              <a href="/technical-data" className="font-medium text-brand-700 underline dark:text-sky-300">
                Drive fault codes and calculators
              </a>
            </li>
            <li>
              <a href="/services" className="font-medium text-brand-700 underline dark:text-sky-300">
                All services
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </article>
  );
}
