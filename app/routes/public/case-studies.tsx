import { findArticle, listEntries } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/case-studies";
import { TitledSection } from "~/components/titled-section.tsx";

/** The case study published on the blog. */
const BLOG_CASE_STUDY = "pharma-line-recovery-case-study";

const TRAIL = [
  { name: "Projects", path: "/projects" },
  { name: "Case studies", path: "/projects/case-studies" },
];

export async function loader() {
  const [site, studies, article] = await Promise.all([
    getSiteSettings(),
    listEntries("case-study"),
    findArticle(BLOG_CASE_STUDY),
  ]);
  return {
    studies: studies.map((c) => ({
      slug: c.slug,
      title: c.title,
      industry: c.data.industry,
      location: c.data.location,
      challenge: c.data.challenge,
      result: c.data.result,
      path: `/projects/case-studies/${c.slug}`,
    })),
    blog: article
      ? { title: article.title, summary: article.summary, path: article.path }
      : { title: "Pharma line recovery case study", summary: "", path: `/blog/${BLOG_CASE_STUDY}` },
    meta: seo(site, {
      type: "blog",
      title: "Case Studies",
      description:
        "How we diagnosed and fixed failures in real plants: the challenge, our approach and the result, for cement, textile, packaging and pharma lines.",
      path: "/projects/case-studies",
      breadcrumbs: TRAIL,
    }),
  };
}

export const meta = routeMeta;

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { studies, blog } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={TRAIL} className="mt-4 max-w-3xl" title="Case studies" summary="Failures we were called to, told in full: what stopped the plant, how we found the cause, and what changed afterwards. Customers are not named." />
      <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {studies.map((c) => (
          <li key={c.slug} className="flex flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-800">
            <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase dark:text-accent-400">
              {c.industry}
            </p>
            <h2 className="mt-1 text-lg font-semibold">
              <a href={c.path} className="text-brand-700 underline dark:text-sky-300">
                {c.title}
              </a>
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{c.location}</p>
            <dl className="mt-3 flex-1 space-y-2 text-sm text-slate-700 dark:text-slate-300">
              <div>
                <dt className="font-semibold text-slate-900 dark:text-white">Challenge</dt>
                <dd>{c.challenge}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900 dark:text-white">Result</dt>
                <dd>{c.result}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <TitledSection headingId="blog-heading" className="mt-12 max-w-3xl rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-lg font-semibold" title="More on the blog">
        <p className="mt-2">
          <a href={blog.path} className="font-medium text-brand-700 underline dark:text-sky-300">
            {blog.title}
          </a>
        </p>
        {blog.summary && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{blog.summary}</p>}
      </TitledSection>
    </div>
  );
}
