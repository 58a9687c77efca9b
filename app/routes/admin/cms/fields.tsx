import { useEffect, useRef, useState } from "react";
import { muted } from "~/components/admin/styles.ts";
import { SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { Prose } from "~/components/prose.tsx";
import { Button } from "~/components/ui/button.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { CMS_KIND_INFO, fieldName, fieldText, KIND_FIELDS, type CmsKind } from "~/lib/forms/admin/cms.ts";

/**
 * The content form's fields, shared by the new form and the record page: title, address, summary, the
 * markdown body with its preview, then the kind's own fields. What was typed comes back after a refusal,
 * each message beside its field.
 */
export function EntryFields({
  kind,
  values: v,
  errors: e,
  previewHtml,
  slugFixed = false,
}: {
  kind: CmsKind;
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** The body as the site renders it (the server's renderMarkdown), when there is one to show. */
  previewHtml?: string;
  slugFixed?: boolean;
}) {
  const info = CMS_KIND_INFO[kind];
  return (
    <>
      <TextField name="title" label={info.title} required maxLength={200} autoComplete="off" defaultValue={v.title} error={e.title} />
      {slugFixed ? (
        <input type="hidden" name="slug" value={v.slug ?? ""} />
      ) : (
        <TextField
          name="slug"
          label="Address"
          maxLength={80}
          autoComplete="off"
          defaultValue={v.slug}
          error={e.slug}
          hint="The last part of its web address: lower-case letters, digits and hyphens. Empty: made from the title. Changing it later sends visitors from the old address to the new one."
        />
      )}
      <TextArea name="summary" label={info.summary} required={kind !== "faq"} rows={3} maxLength={600} defaultValue={v.summary} error={e.summary} hint="A sentence or two: the page's description in search results and on lists." />
      <MarkdownBody label={info.body} defaultValue={v.body} error={e.body} previewHtml={previewHtml} required={kind === "faq"} />
      {KIND_FIELDS[kind].length > 0 && (
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">The {info.one}&apos;s own fields</legend>
          {KIND_FIELDS[kind].map((f) => {
            const name = fieldName(f.name);
            const common = { name, label: f.label, defaultValue: v[name], error: e[name], hint: f.hint };
            switch (f.type) {
              case "text":
                return <TextField key={name} {...common} required={f.required} maxLength={300} autoComplete="off" />;
              case "number":
                return <TextField key={name} {...common} required inputMode="numeric" maxLength={3} autoComplete="off" />;
              case "date":
                return <TextField key={name} {...common} type="date" />;
              case "textarea":
                return <TextArea key={name} {...common} required={f.required} rows={3} maxLength={4000} />;
              case "lines":
                return <TextArea key={name} {...common} rows={4} maxLength={8000} />;
              case "select":
                return <SelectField key={name} {...common} required placeholder={`Choose the ${f.label.toLowerCase()}`} options={[{ group: f.label, items: f.options.map((o) => ({ value: o, label: o })) }]} />;
            }
          })}
        </fieldset>
      )}
    </>
  );
}

/** The stored entry as the form's values. */
export function entryValues(kind: CmsKind, entry: { title: string; slug: string; summary: string; body: string; data: Record<string, unknown> }): Record<string, string> {
  const values: Record<string, string> = { title: entry.title, slug: entry.slug, summary: entry.summary, body: entry.body };
  for (const f of KIND_FIELDS[kind]) values[fieldName(f.name)] = fieldText(f, entry.data[f.name]);
  return values;
}

/**
 * The markdown body and its preview. Without JavaScript, "Preview" sends the form and the page comes back
 * with the preview drawn by the server (nothing saved). With it, the preview follows the typing: the text is
 * sent to /admin/cms/preview, which answers with the site's own renderer's HTML (the one truth: what is
 * previewed is what the public page shows, sanitised the same way).
 */
function MarkdownBody({ label, defaultValue, error, previewHtml, required }: { label: string; defaultValue?: string; error?: string; previewHtml?: string; required: boolean }) {
  const [html, setHtml] = useState(previewHtml);
  // A preview drawn by the server (after "Preview" or a save) replaces the one typed (React's "previous prop" pattern).
  const [shown, setShown] = useState(previewHtml);
  if (shown !== previewHtml) {
    setShown(previewHtml);
    setHtml(previewHtml);
  }
  const live = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (event: React.FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLTextAreaElement;
    if (target.name !== "body") return;
    const text = target.value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ticket = ++latest.current;
      const form = new FormData();
      form.set("body", text);
      void fetch("/admin/cms/preview", { method: "POST", body: form, headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ html: string }>) : undefined))
        .then((answer) => {
          if (answer && ticket === latest.current) setHtml(answer.html);
        })
        .catch(() => undefined);
    }, 250);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2" onInput={onInput}>
      <div>
        <TextArea name="body" label={label} required={required} rows={16} maxLength={50_000} defaultValue={defaultValue} error={error} hint="Markdown: ## for a heading, - for a list item, **bold**, [words](https://address) for a link, and an image's snippet from Content → Images. HTML and scripts show as plain text." />
        <div className="mt-2">
          <Button type="submit" name="intent" value="preview" variant="secondary" size="small">
            Preview
          </Button>
        </div>
      </div>
      <section aria-labelledby="preview-heading" aria-live={live ? "polite" : undefined}>
        <h2 id="preview-heading" className="font-medium">
          Preview {live && <span className={`text-sm font-normal ${muted}`}>(follows your typing)</span>}
        </h2>
        {html ? (
          <Prose html={html} className="mt-1 max-h-[32rem] overflow-y-auto rounded-md border border-slate-200 p-4 dark:border-slate-800" />
        ) : (
          <p className={`mt-1 text-sm ${muted}`}>{live ? "Type in the text box to see it as the site shows it." : "Press Preview to see the text as the site shows it."}</p>
        )}
      </section>
    </div>
  );
}
