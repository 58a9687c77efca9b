import { findTopic, postReply } from "~/.server/discussion/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { ReplyForm } from "~/components/form/discussion-forms.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/discussion-topic";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader({ url, params }: Route.LoaderArgs) {
  const topic = await findTopic(params.slug);
  if (!topic) return throwNotFound(url);
  const site = await getSiteSettings();
  const path = `/discussion/${topic.slug}`;
  return {
    topic,
    posted: url.searchParams.get("posted") === "reply",
    meta: seo(site, {
      type: "article",
      title: topic.title,
      description: topic.body.replace(/\s+/g, " ").slice(0, 155),
      path,
      datePublished: topic.publishedAt,
      breadcrumbs: [
        { name: "Discussion", path: "/discussion" },
        { name: topic.title, path },
      ],
    }),
  };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const outcome = await postReply(request, clientAddress(context), params.slug);
  if (!outcome) return throwNotFound(url);
  return respond(outcome);
}

export const headers = formPageHeaders;

export const meta = routeMeta;

export default function DiscussionTopic({ loaderData, actionData }: Route.ComponentProps) {
  const { topic, posted } = loaderData;
  const path = `/discussion/${topic.slug}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Discussion", path: "/discussion" }, { name: topic.title, path }]} />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{topic.title}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <a href={`/discussion?category=${encodeURIComponent(topic.category)}`} className="underline">
          {topic.category}
        </a>{" "}
        · {topic.authorName}
        {topic.authorCity ? `, ${topic.authorCity}` : ""} · <time dateTime={topic.publishedAt}>{topic.publishedAt}</time>
      </p>
      <p className="mt-5 whitespace-pre-line">{topic.body}</p>

      <TitledSection headingId="replies-heading" className="mt-10" headingClassName="text-xl font-bold" title={<>{topic.replies.length === 1 ? "1 reply" : `${topic.replies.length} replies`}</>}>
        <ul className="mt-4 space-y-4">
          {topic.replies.map((r) => (
            <li key={r.id} className={`rounded-lg border p-4 ${r.isStaff ? "border-brand-700 bg-brand-50 dark:border-sky-400 dark:bg-slate-900" : "border-slate-200 dark:border-slate-800"}`}>
              <p className="whitespace-pre-line">{r.body}</p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {r.authorName}
                {r.isStaff ? " (our service engineer)" : ""} · <time dateTime={r.publishedAt}>{r.publishedAt}</time>
              </p>
            </li>
          ))}
        </ul>
      </TitledSection>

      <FormSection id="reply" title="Reply">
        {posted && (
          <p role="status" className="mb-5 rounded-md border border-green-700 bg-green-50 p-4 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
            Thank you: your reply has been received. It appears here once we have checked it.
          </p>
        )}
        <ReplyForm slug={topic.slug} failure={actionData} />
      </FormSection>
    </article>
  );
}
