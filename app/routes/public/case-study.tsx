import { findEntry, renderMarkdown } from "~/.server/content/index.ts";
import { throwIfMoved } from "~/.server/content/revisions.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { HelpAside } from "~/components/help-aside.tsx";
import { Prose } from "~/components/prose.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/case-study";

export async function loader({ url, params }: Route.LoaderArgs) {
  const study = await findEntry("case-study", params.slug);
  if (!study) {
    await throwIfMoved("case-study", params.slug, (slug) => `/projects/case-studies/${slug}`, url);
    return throwNotFound(url);
  }
  const site = await getSiteSettings();
  const path = `/projects/case-studies/${study.slug}`;
  const trail = [
    { name: "Projects", path: "/projects" },
    { name: "Case studies", path: "/projects/case-studies" },
    { name: study.title, path },
  ];
  return {
    study: {
      title: study.title,
      industry: study.data.industry,
      location: study.data.location,
      challenge: study.data.challenge,
      approach: study.data.approach,
      result: study.data.result,
    },
    trail,
    bodyHtml: renderMarkdown(study.body),
    meta: seo(site, {
      type: "article",
      title: study.title,
      description: study.data.challenge,
      path,
      ...(study.publishedOn ? { datePublished: study.publishedOn } : {}),
      breadcrumbs: trail,
    }),
  };
}

export const meta = routeMeta;

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { study, trail, bodyHtml } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading trail={trail} eyebrow={<>Case study · {study.industry}</>} title={study.title}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{study.location}</p>
      </PageHeading>
      <section aria-label="Summary" className="mt-6 rounded-lg border border-slate-200 p-5 dark:border-slate-800">
        <dl className="space-y-3 text-slate-700 dark:text-slate-300">
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Challenge</dt>
            <dd>{study.challenge}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Approach</dt>
            <dd>{study.approach}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Result</dt>
            <dd>{study.result}</dd>
          </div>
        </dl>
      </section>
      <Prose html={bodyHtml} className="mt-8" />
      <HelpAside title="Facing a similar problem?" whatsappText={`Hello, I read "${study.title}" and need help with my equipment.`}>
        <a href="/projects/case-studies" className="font-medium text-brand-700 underline dark:text-sky-300">
          More case studies
        </a>
      </HelpAside>
    </article>
  );
}
