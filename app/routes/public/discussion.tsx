import { listTopics, postTopic } from "~/.server/discussion/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { TopicForm } from "~/components/form/discussion-forms.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { FORUM_CATEGORIES } from "~/lib/forms/forum-categories.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/discussion";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader({ url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("category") ?? "";
  const category = (FORUM_CATEGORIES as readonly string[]).includes(requested) ? requested : "";
  const [site, topics] = await Promise.all([getSiteSettings(), listTopics(category || undefined)]);
  return {
    topics,
    category,
    posted: url.searchParams.get("posted") === "question",
    meta: seo(site, {
      type: "article",
      title: category ? `Discussion: ${category}` : "Discussion Forum: Drives, PLCs, Panels and Motors",
      description:
        "Questions and answers on VFD faults, servo and DC drives, PLCs, HMIs, SCADA, motors and panels, from plant engineers, technicians and our service engineers.",
      path: "/discussion",
      breadcrumbs: [{ name: "Discussion", path: "/discussion" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postTopic(request, clientAddress(context)));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

const chip = "inline-block rounded-full border px-3 py-1 text-sm font-medium";

export default function Discussion({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, category, posted } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Discussion", path: "/discussion" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Discussion forum</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Ask about a drive that trips, a PLC that will not go online or a motor that runs hot. Plant engineers,
        technicians and our service engineers answer. Every post is checked before it appears.
      </p>
      <p className="mt-3">
        <a href="#ask" className="font-semibold text-brand-700 underline dark:text-sky-300">
          Ask a question
        </a>
      </p>

      <nav aria-label="Forum categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <a href="/discussion" aria-current={category ? undefined : "page"} className={`${chip} ${category ? "border-slate-300 dark:border-slate-600" : "border-brand-700 bg-brand-50 dark:border-sky-400 dark:bg-slate-800"}`}>
              All
            </a>
          </li>
          {FORUM_CATEGORIES.map((c) => (
            <li key={c}>
              <a
                href={`/discussion?category=${encodeURIComponent(c)}`}
                aria-current={c === category ? "page" : undefined}
                className={`${chip} ${c === category ? "border-brand-700 bg-brand-50 dark:border-sky-400 dark:bg-slate-800" : "border-slate-300 dark:border-slate-600"}`}
              >
                {c}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <TitledSection headingId="topics-heading" className="mt-8" headingClassName="text-2xl font-bold" title={category || "Latest questions"}>
        {topics.length === 0 ? (
          <p className="mt-4 rounded-lg bg-slate-50 p-5 dark:bg-slate-900">
            No questions have been published {category ? "in this category " : ""}yet. Be the first to{" "}
            <a href="#ask" className="font-semibold text-brand-700 underline dark:text-sky-300">
              ask one
            </a>
            ; for a breakdown, call us instead.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {topics.map((t) => (
              <li key={t.slug} className="p-4">
                <a href={`/discussion/${t.slug}`} className="text-lg font-semibold text-brand-700 hover:underline dark:text-sky-300">
                  {t.title}
                </a>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {t.category} · {t.authorName}
                  {t.authorCity ? `, ${t.authorCity}` : ""} · <time dateTime={t.publishedAt}>{t.publishedAt}</time> ·{" "}
                  {t.replies === 1 ? "1 reply" : `${t.replies} replies`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <FormSection id="ask" title="Ask a question" intro="Give the make, model and fault code: the more specific, the better the answers.">
        {posted && (
          <p role="status" className="mb-5 rounded-md border border-green-700 bg-green-50 p-4 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
            Thank you: your question has been received. It appears here once we have checked it, usually within a
            working day.
          </p>
        )}
        <TopicForm failure={actionData} />
      </FormSection>
    </div>
  );
}
