import { eachIntent, intentAction, step } from "~/.server/admin/actions.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { changeContentState, editContentEntry, restoreContentRevision, scheduleContentEntry } from "~/.server/cms/changes.ts";
import { contentRecord } from "~/.server/cms/list.ts";
import { renderMarkdown } from "~/.server/content/index.ts";
import { readForm, refuseFields, type FormFailure } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { CMS_KIND_INFO, editEntrySchema, CMS_STATE_INTENTS, restoreSchema, scheduleSchema, stateSchema, STATUS_LABEL } from "~/lib/forms/admin/cms.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { entryValues, EntryFields } from "./fields.tsx";
import type { Route } from "./+types/entry";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/cms/{id}: one entry. Its state (publish now, take off the site, publish at a time), its form (on the
 * version it was drawn from: a change made meanwhile refuses it), the body's preview, and its revisions, each
 * compared with the one before and restorable. Every change is audited and kept as a revision in its
 * transaction (~/.server/cms/changes.ts).
 */

const pathOf = (id: number) => `/admin/cms/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const entry = await contentRecord(id);
  if (!entry) return throwNotFound(url);
  return { entry, bodyHtml: entry.body.trim() ? renderMarkdown(entry.body) : "" };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.entry.title };

type Failure = FormFailure & { previewHtml?: string };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const id = await idParam(params.id, url);
  const entry = await contentRecord(id);
  if (!entry) return throwNotFound(url);
  const kind = entry.kind;
  return intentAction(await readForm(request), { url, back: pathOf(id) }, {
    preview: async (form) => refuseFields(form, {}, { status: 200, extra: { previewHtml: renderMarkdown(String(form.get("body") ?? "")) } }),
    save: step(editEntrySchema(kind), (data) => editContentEntry(staff, kind, id, data)),
    schedule: step(scheduleSchema, (data) => scheduleContentEntry(staff, kind, id, data)),
    restore: step(restoreSchema, (data) => restoreContentRevision(staff, kind, id, data)),
    ...eachIntent(CMS_STATE_INTENTS, step(stateSchema, (data) => changeContentState(staff, kind, id, data))),
  });
}

type Entry = Route.ComponentProps["loaderData"]["entry"];

function StateSection({ entry: e, failure }: { entry: Entry; failure?: Failure }) {
  const errors = failure && failure.intent !== "save" && failure.intent !== "preview" && failure.intent !== "restore" ? failure.errors : {};
  return (
    <TitledSection headingId="state-heading" title={<>{e.status === "published" ? "Published: on the site" : e.status === "scheduled" && e.publishAt ? `Scheduled for ${formatDateTime(e.publishAt)}` : "Draft: not on the site"}</>} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
      <p className={`mt-1 text-sm ${muted}`}>
        Last changed <time dateTime={e.updatedAt}>{formatDateTime(e.updatedAt)}</time>.
        {e.status === "published" ? " Changes you save show on the site at once." : " The site, its sitemap and its search show it once it is published."}
      </p>
      <FormError message={errors.form ?? errors.intent} />
      <div className="mt-3 flex flex-wrap gap-3">
        {e.status !== "published" && (
          <ConfirmButton intent="publish" fields={{ version: e.version }}>
            Publish now
          </ConfirmButton>
        )}
        {e.status === "published" && (
          <ConfirmButton intent="unpublish" fields={{ version: e.version }} tone="danger" confirm="Take it off the site? Its page answers 404 until it is published again.">
            Take off the site
          </ConfirmButton>
        )}
        {e.status === "scheduled" && (
          <ConfirmButton intent="unschedule" fields={{ version: e.version }}>
            Cancel the schedule
          </ConfirmButton>
        )}
      </div>
      {e.status !== "published" && (
        <IntentForm intent="schedule" version={e.version} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow sm:max-w-xs">
            <TextFieldDateTime error={errors.publishAt} defaultValue={failure?.intent === "schedule" ? failure.values.publishAt : undefined} />
          </div>
          <Button type="submit" variant="secondary">
            Schedule
          </Button>
        </IntentForm>
      )}
    </TitledSection>
  );
}

/** The schedule's date and time, in India's time. */
function TextFieldDateTime({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <div>
      <label htmlFor="publishAt" className="block font-medium">
        Publish at (India time)
      </label>
      <input
        id="publishAt"
        name="publishAt"
        type="datetime-local"
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "publishAt-error" : undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base dark:border-slate-500 dark:bg-slate-900"
      />
      {error && (
        <p id="publishAt-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

const CAUSE: Record<string, string> = {
  seed: "As first published",
  add: "Written",
  update: "Edited",
  publish: "Published",
  unpublish: "Taken off the site",
  schedule: "Scheduled",
  unschedule: "Schedule cancelled",
  restore: "Restored an earlier version",
};

function Revisions({ entry: e, failure }: { entry: Entry; failure?: Failure }) {
  if (e.revisions.length === 0) return <p className={muted}>No changes yet: the first change saved keeps this version too.</p>;
  return (
    <>
      {failure?.intent === "restore" && <FormError message={failure.errors.form} />}
      <ol className="space-y-3">
        {e.revisions.map((r, i) => (
          <li key={r.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p>
                <span className="font-semibold">Version {r.version}</span> · {CAUSE[r.cause] ?? r.cause}
                {r.actor && <> by {r.actor}</>} · <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                {i === 0 && <span className={muted}> (now)</span>}
              </p>
              {i > 0 && (
                <ConfirmButton intent="restore" fields={{ version: e.version, revision: r.id }} confirm={`Make version ${r.version}'s text the entry's text again? It is saved as a new version; nothing is lost.`}>
                  Restore version {r.version}
                </ConfirmButton>
              )}
            </div>
            {r.changes.length > 0 && (
              <details className="mt-2">
                <summary className="cursor-pointer font-medium">What changed ({r.changes.map((c) => c.field).join(", ")})</summary>
                <dl className="mt-2 space-y-2">
                  {r.changes.map((c) => (
                    <div key={c.field}>
                      <dt className="text-sm font-semibold">{c.field}</dt>
                      <dd className="overflow-x-auto rounded bg-slate-50 p-2 font-mono text-sm whitespace-pre-wrap dark:bg-slate-900">
                        {c.parts.map((p, j) =>
                          p.added ? (
                            <ins key={j} className="bg-green-100 text-green-900 no-underline dark:bg-green-900 dark:text-green-100">
                              {p.value}
                            </ins>
                          ) : p.removed ? (
                            <del key={j} className="bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100">
                              {p.value}
                            </del>
                          ) : (
                            <span key={j}>{p.value}</span>
                          ),
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

export default function AdminContentEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry: e, bodyHtml } = loaderData;
  const failure = actionData as Failure | undefined;
  const formFailure = failure?.intent === "save" || failure?.intent === "preview" ? failure : undefined;
  const values = formFailure?.values ?? entryValues(e.kind, e);
  const info = CMS_KIND_INFO[e.kind];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        back={{ href: `/admin/cms?kind=${e.kind}`, label: info.label }}
        title={e.title}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>
              {info.one[0]!.toUpperCase() + info.one.slice(1)} · {STATUS_LABEL[e.status]}
            </span>
            {e.path && (
              <span>
                ·{" "}
                {e.status === "published" ? (
                  <a href={e.path} className={link}>
                    {e.path}
                  </a>
                ) : (
                  <span className="font-mono">{e.path}</span>
                )}
              </span>
            )}
            {e.oldPaths.length > 0 && <span className={muted}>· Old addresses sent here: {e.oldPaths.join(", ")}</span>}
          </span>
        }
      />
      <StateSection entry={e} failure={failure} />
      <TitledSection headingId="edit-heading" title="Text and fields" headingClassName="mb-3 text-lg font-semibold">
        <form method="post" className="space-y-5">
          <input type="hidden" name="version" value={e.version} />
          <FormError message={formFailure?.errors.form} />
          <EntryFields kind={e.kind} values={values} errors={formFailure?.errors ?? {}} previewHtml={formFailure?.previewHtml ?? bodyHtml} slugFixed={e.kind === "page"} />
          <Button type="submit" name="intent" value="save">
            Save changes
          </Button>
        </form>
      </TitledSection>
      <TitledSection headingId="revisions-heading" title="Versions" className="mt-10" headingClassName="mb-3 text-lg font-semibold">
        <Revisions entry={e} failure={failure} />
      </TitledSection>
    </div>
  );
}
