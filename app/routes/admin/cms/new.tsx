import { staffOf } from "~/.server/auth/staff.ts";
import { addContentEntry } from "~/.server/cms/changes.ts";
import { renderMarkdown } from "~/.server/content/index.ts";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CMS_KIND_INFO, CMS_KINDS, entrySchema, isCmsKind } from "~/lib/forms/admin/cms.ts";
import { EntryFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/cms/new?kind=article: a new entry of a kind, saved as a draft (it is published from its record
 * page). Without a kind, the kinds to choose from. Its address is made from the title unless one is typed; an
 * address already taken is refused with a link to its entry, so the same form sent twice adds nothing twice.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const kind = url.searchParams.get("kind");
  return { kind: isCmsKind(kind) ? kind : null };
}

export const handle = { title: "Write something new" };

type Failure = FormFailure & { existing?: { id: number; title: string }; previewHtml?: string };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const kind = url.searchParams.get("kind");
  const form = await readForm(request);
  if (!isCmsKind(kind)) return refuseForm(form, "Choose what to write first.");
  if (form.get("intent") === "preview") {
    const body = String(form.get("body") ?? "");
    return refuseFields(form, {}, { status: 200, extra: { previewHtml: renderMarkdown(body) } });
  }
  const parsed = parseForm(form, entrySchema(kind));
  if (parsed.refusal) return parsed.refusal;
  const result = await addContentEntry(staff, kind, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/cms/${result.id}`, { type: "success", message: `Saved as a draft. Publish it when it is ready.` });
}

export default function AdminNewContent({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const failure = actionData as Failure | undefined;
  if (!kind) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader back={{ href: "/admin/cms", label: "Content" }} title="Write something new" description="Choose what to write. It is saved as a draft: the site shows it once it is published." />
        <ul className="grid gap-3 sm:grid-cols-2">
          {CMS_KINDS.map((k) => (
            <li key={k}>
              <a href={`/admin/cms/new?kind=${k}`} className={`${link} text-lg`}>
                A new {CMS_KIND_INFO[k].one}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const info = CMS_KIND_INFO[kind];
  const values = failure?.values ?? {};
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader back={{ href: "/admin/cms", label: "Content" }} title={`A new ${info.one}`} description="Saved as a draft: the site shows it once it is published." />
      <form method="post" className="space-y-5">
        <FormError message={failure?.errors.form} />
        {failure?.existing && (
          <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
            The address is taken:{" "}
            <a href={`/admin/cms/${failure.existing.id}`} className={link}>
              open {failure.existing.title}
            </a>
            .
          </p>
        )}
        <EntryFields kind={kind} values={values} errors={failure?.errors ?? {}} previewHtml={failure?.previewHtml} />
        <Button type="submit" name="intent" value="save">
          Save as a draft
        </Button>
      </form>
    </div>
  );
}
