import { listArticles } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { formatDate } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/blog";

const KIND_LABEL = { guide: "Guide", checklist: "Checklist", "case-study": "Case study", troubleshooting: "Troubleshooting" };

export async function loader() {
  const [site, articles] = await Promise.all([getSiteSettings(), listArticles()]);
  return {
    articles: articles.map((a) => ({
      title: a.title,
      summary: a.summary,
      path: a.path,
      publishedOn: a.publishedOn,
      kind: KIND_LABEL[a.articleKind],
    })),
    meta: seo(site, {
      type: "blog",
      title: "Engineering Blog: Drive, PLC and Motor Guides",
      description: "Fault codes, troubleshooting steps, maintenance checklists and case studies from our drive, PLC and motor repair engineers.",
      path: "/blog",
      breadcrumbs: [{ name: "Blog", path: "/blog" }],
    }),
  };
}

export const meta = routeMeta;

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Blog", path: "/blog" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Engineering blog</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Written by the engineers who repair drives, PLCs and motors at our Hyderabad workshop: fault codes,
        troubleshooting steps, checklists and what we learned on site.
      </p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {loaderData.articles.map((a) => (
          <li key={a.path} className="flex flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-800">
            <p className="text-xs font-semibold tracking-wide text-accent-600 uppercase dark:text-accent-400">
              {a.kind} · <time dateTime={a.publishedOn}>{formatDate(a.publishedOn)}</time>
            </p>
            <h2 className="mt-2 text-lg font-semibold">
              <a href={a.path} className="hover:underline">
                {a.title}
              </a>
            </h2>
            <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{a.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
