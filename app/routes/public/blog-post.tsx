import { findArticle, listServices, renderMarkdown } from "~/.server/content/index.ts";
import { throwIfMoved } from "~/.server/content/revisions.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { HelpAside } from "~/components/help-aside.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatDate } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ url, params }: Route.LoaderArgs) {
  const article = await findArticle(params.slug);
  if (!article) {
    // A slug changed in /admin/cms: the old address answers 301 to the new one.
    await throwIfMoved("article", params.slug, (slug) => `/blog/${slug}`, url);
    return throwNotFound(url);
  }
  const [site, services] = await Promise.all([getSiteSettings(), listServices()]);
  const relatedServices = article.relatedServices
    .map((key) => services.find((s) => s.slug === key || s.servicePaths.includes(`/services/${key}`)))
    .filter((s) => s !== undefined)
    .map((s) => ({ name: s.name, path: s.canonicalPath }));
  return {
    article: {
      title: article.title,
      summary: article.summary,
      author: article.author,
      publishedOn: article.publishedOn,
      updatedOn: article.updatedOn,
      path: article.path,
    },
    bodyHtml: renderMarkdown(article.body),
    relatedServices,
    meta: seo(site, {
      type: article.articleKind === "case-study" ? "article" : "blog-post",
      title: article.title,
      description: article.summary,
      path: article.path,
      datePublished: article.publishedOn,
      ...(article.updatedOn ? { dateModified: article.updatedOn } : {}),
      breadcrumbs: [
        { name: "Blog", path: "/blog" },
        { name: article.title, path: article.path },
      ],
    }),
  };
}

export const meta = routeMeta;

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { article, bodyHtml, relatedServices } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading trail={[
          { name: "Blog", path: "/blog" },
          { name: article.title, path: article.path },
        ]} title={article.title} summary={article.summary}>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {article.author} · <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time>
          {article.updatedOn && (
            <>
              {" "}
              · updated <time dateTime={article.updatedOn}>{formatDate(article.updatedOn)}</time>
            </>
          )}
        </p>
      </PageHeading>
      <Prose html={bodyHtml} className="mt-8" />
      <HelpAside title="Need an engineer?" whatsappText={`Hello, I read "${article.title}" and need help with my equipment.`}>
        {relatedServices.length > 0 && (
          <>
            Related services:{" "}
            {relatedServices.map((s, i) => (
              <span key={s.path}>
                {i > 0 && ", "}
                <a href={s.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                  {s.name}
                </a>
              </span>
            ))}
            .
          </>
        )}
      </HelpAside>
    </article>
  );
}
