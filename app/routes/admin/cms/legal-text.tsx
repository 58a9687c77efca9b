import { staffOf } from "~/.server/auth/staff.ts";
import { renderMarkdown } from "~/.server/content/index.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { currentLegalVersion, legalVersionsOf } from "~/.server/legal/index.ts";
import { publishLegalVersion } from "~/.server/legal/publish.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { TextArea, TextField } from "~/components/form/fields.tsx";
import { Prose } from "~/components/prose.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { publishLegalSchema } from "~/lib/forms/admin/cms.ts";
import { isLegalSlug, legalTextName, legalVersionPath, type LegalSlug } from "~/lib/legal.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/legal-text";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/cms/legal/{slug}: one legal text, its versions (each readable on the site at /{slug}/versions/{n})
 * and the form that publishes the next one. The form carries the number of the version it was drawn on: a
 * version published meanwhile by someone else refuses it, with what was typed kept.
 */

async function slugOf(params: { slug?: string }, url: URL): Promise<LegalSlug> {
  return isLegalSlug(params.slug) ? params.slug : throwNotFound(url);
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const slug = await slugOf(params, url);
  const [current, versions] = await Promise.all([currentLegalVersion(slug), legalVersionsOf(slug)]);
  if (!current) return throwNotFound(url);
  return {
    text: { slug, name: legalTextName(slug) },
    current,
    bodyHtml: renderMarkdown(current.body),
    versions: versions.map((v) => ({ ...v, path: legalVersionPath(slug, v.number) })),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.text.name };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const slug = await slugOf(params, url);
  const form = await readForm(request);
  const parsed = parseForm(form, publishLegalSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await publishLegalVersion(staff, slug, parsed.data);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(`/admin/cms/legal/${slug}`, { type: "success", message: result.message });
}

export default function AdminLegalText({ loaderData, actionData }: Route.ComponentProps) {
  const { text, current, versions, bodyHtml } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const e = failure?.errors ?? {};
  const values = failure?.values ?? { title: current.title, summary: current.summary, body: current.body };
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/cms/legal", label: "Legal texts" }}
        title={text.name}
        description={
          <>
            Version {current.number} is in force from <time dateTime={current.effectiveOn}>{formatDate(current.effectiveOn)}</time> at{" "}
            <a href={`/${text.slug}`} className={link}>
              /{text.slug}
            </a>
            .
          </>
        }
      />
      <TitledSection headingId="versions-heading" title="Versions" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        <Table label="Versions" columns={["Version", "In force from", "Published", "By"]}>
          {versions.map((v) => (
            <tr key={v.id} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 font-medium">
                <a href={v.path} className={link}>
                  Version {v.number}
                </a>
                {v.number === current.number && <span className={muted}> (in force)</span>}
                {v.label !== String(v.number) && <span className={muted}> · {v.label}</span>}
              </th>
              <td className="px-3 py-2">
                <time dateTime={v.effectiveOn}>{formatDate(v.effectiveOn)}</time>
              </td>
              <td className="px-3 py-2">
                <time dateTime={v.publishedAt}>{formatDateTime(v.publishedAt)}</time>
              </td>
              <td className="px-3 py-2">{v.publishedByName ?? <span className={muted}>The site&apos;s first text</span>}</td>
            </tr>
          ))}
        </Table>
      </TitledSection>
      <TitledSection headingId="publish-heading" title={<>Publish version {current.number + 1}</>} className="mb-8" headingClassName="text-lg font-semibold">
        <p className={`mt-1 mb-3 text-sm ${muted}`}>
          The new text is in force from today. Version {current.number} stays readable at its own address, and consents already given keep pointing at it.
        </p>
        <IntentForm intent="publish" version={current.number} error={e.form} className="space-y-5">
          <TextField name="title" label="Title" required maxLength={120} defaultValue={values.title} error={e.title} />
          <TextArea name="summary" label="Summary" required rows={2} maxLength={160} defaultValue={values.summary} error={e.summary} hint="One or two sentences: the page's header and its description in search results (at most 160 characters)." />
          <TextArea name="body" label="Text (Markdown)" required rows={20} defaultValue={values.body} error={e.body} hint="The whole text as it reads from today. ## and ### for headings; images from Content › Images." />
          <TextField name="note" label="What changed (for the activity log)" maxLength={300} defaultValue={values.note} error={e.note} />
          <Button type="submit">Publish version {current.number + 1}</Button>
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="current-heading" title={<>Version {current.number} as the site shows it</>} headingClassName="mb-3 text-lg font-semibold">
        <Prose html={bodyHtml} className="rounded-md border border-slate-200 p-4 dark:border-slate-800" />
      </TitledSection>
    </div>
  );
}
