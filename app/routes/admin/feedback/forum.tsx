import { parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { awaitingModeration, listForumPosts, moderatePost } from "~/.server/feedback/moderation.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { FORUM_FILTERS, forumListSchema, moderatePostSchema, type ForumFilter } from "~/lib/forms/admin/feedback.ts";
import { FeedbackNav } from "./parts.tsx";
import type { Route } from "./+types/forum";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/feedback/forum: questions and replies sent to the forum (/discussion). They wait ("pending")
 * until the office publishes them or decides not to; a published one can be taken down. A reply can be
 * published only under a published question. The poster's mobile number is for this check only.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters } = parseListQuery(url, forumListSchema);
  const [posts, awaiting] = await Promise.all([listForumPosts(filters.show), awaitingModeration()]);
  return {
    show: filters.show,
    posts,
    tabs: tabLinks(url, FORUM_FILTERS, { current: filters.show, default: "pending", counts: posts.counts }),
    awaiting,
  };
}

export const handle = { title: "Forum posts" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, moderatePostSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await moderatePost(staff, parsed.data);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message);
  return redirectWithFlash(`${url.pathname}${url.search}`, { type: "success", message: result.message });
}

const EMPTY: Record<ForumFilter, string> = {
  pending: "Nothing waits for a decision.",
  published: "Nothing is published.",
  rejected: "Nothing has been turned down.",
};

function Decide({ kind, id, status, what }: { kind: "topic" | "reply"; id: number; status: string; what: string }) {
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {status !== "published" && (
        <ConfirmButton intent="publish" fields={{ kind, id, status }}>
          Publish {what}
        </ConfirmButton>
      )}
      {status !== "rejected" && (
        <ConfirmButton intent="reject" fields={{ kind, id, status }} tone="danger">
          {status === "published" ? `Take ${what} off the forum` : `Do not publish ${what}`}
        </ConfirmButton>
      )}
    </div>
  );
}

export default function AdminFeedbackForum({ loaderData, actionData }: Route.ComponentProps) {
  const { show, posts, tabs, awaiting } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const shownNote = (shown: number, total: number) => (shown < total ? ` (the newest ${shown} of ${total.toLocaleString("en-IN")} shown)` : "");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Forum posts" description="Questions and replies sent to the forum: publish the useful ones; they show on /discussion at once." />
      <FeedbackNav current="forum" awaiting={awaiting} />
      <FilterTabs label="Which posts" tabs={tabs} />
      <FormError message={failure?.errors.form ?? failure?.errors.id ?? failure?.errors.status ?? failure?.errors.kind ?? failure?.errors.intent} />

      <TitledSection headingId="questions-heading" title={<>Questions ({posts.topicCounts[show].toLocaleString("en-IN")}){shownNote(posts.topics.length, posts.topicCounts[show])}</>} className="mt-4" headingClassName="text-lg font-semibold">
        {posts.topics.length === 0 ? (
          <p className={`mt-2 ${muted}`}>{EMPTY[show]}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {posts.topics.map((t) => (
              <li key={t.id}>
                <article aria-labelledby={`topic-${t.id}`} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
                  <h3 id={`topic-${t.id}`} className="font-semibold">
                    {t.status === "published" ? (
                      <a href={`/discussion/${t.slug}`} className={link}>
                        {t.title}
                      </a>
                    ) : (
                      t.title
                    )}
                  </h3>
                  <p className={`text-sm ${muted}`}>
                    {t.category} · {t.authorName}
                    {t.authorCity ? `, ${t.authorCity}` : ""} · {formatIndianPhone(t.mobile)} · <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
                  </p>
                  <p className="mt-2 line-clamp-6 whitespace-pre-line">{t.body}</p>
                  <Decide kind="topic" id={t.id} status={t.status} what="the question" />
                </article>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection headingId="replies-heading" title={<>Replies ({posts.replyCounts[show].toLocaleString("en-IN")}){shownNote(posts.replies.length, posts.replyCounts[show])}</>} className="mt-8" headingClassName="text-lg font-semibold">
        {posts.replies.length === 0 ? (
          <p className={`mt-2 ${muted}`}>{EMPTY[show]}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {posts.replies.map((r) => (
              <li key={r.id}>
                <article aria-labelledby={`reply-${r.id}`} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
                  <h3 id={`reply-${r.id}`} className="font-semibold">
                    Reply by {r.authorName}
                    {r.isStaff ? " (our engineer)" : ""} to “{r.topicTitle}”
                  </h3>
                  <p className={`text-sm ${muted}`}>
                    {r.mobile ? `${formatIndianPhone(r.mobile)} · ` : ""}
                    <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                    {r.topicStatus !== "published" ? " · the question is not published" : ""}
                  </p>
                  <p className="mt-2 line-clamp-6 whitespace-pre-line">{r.body}</p>
                  <Decide kind="reply" id={r.id} status={r.status} what="the reply" />
                </article>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </div>
  );
}
