import { useEffect } from "react";
import { redirect } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { readForm, refuse, isUnreadable, UNREADABLE_FORM } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { setLibraryPin, technicianLibrary, technicianReadsLibrary } from "~/.server/technical-library/documents.ts";
import { FormError } from "~/components/form/fields.tsx";
import { keepLibraryOffline } from "~/components/technician/offline-queue.ts";
import { Button } from "~/components/ui/button.tsx";
import { link } from "~/components/ui/styles.ts";
import { libraryKindLabel, libraryPinSchema, technicianLibrarySchema } from "~/lib/forms/admin/technical-library.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import type { Route } from "./+types/library";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /technician/library: the whole technical library for an approved technician: every fault-code table (the
 * staff-only ones too) and every manual and datasheet, found by one search (brand, model or series, title, or
 * a fault code as the keypad shows it). A document is pinned to keep it on the phone: the portal's service
 * worker keeps the pinned documents, this page and every table's page for reading without a signal.
 */
const PATH = "/technician/library";

export async function loader({ url, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const parsed = technicianLibrarySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  const q = parsed.success ? parsed.data.q : undefined;
  if (!(await technicianReadsLibrary(session.user))) return { approved: false as const, q };
  return { approved: true as const, q, ...(await technicianLibrary(session.user, q)) };
}

export const handle = { title: "Library" };

export async function action({ request, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "technician");
  const form = await readForm(request);
  if (isUnreadable(form)) return refuse({ errors: { form: UNREADABLE_FORM }, values: {} }, 400, noStore());
  const parsed = libraryPinSchema.safeParse({ intent: form.get("intent"), document: form.get("document") });
  if (!parsed.success) return refuse({ errors: { form: "This form is out of date: reload the page and try again." }, values: {} }, 400, noStore());
  if (!(await technicianReadsLibrary(session.user))) return refuse({ errors: { form: "The library opens once your application is approved." }, values: {} }, 403, noStore());
  const done = await setLibraryPin(session.user, parsed.data.document, parsed.data.intent === "pin");
  if (!done) return refuse({ errors: { form: "This document was removed by the office: reload the library." }, values: {} }, 404, noStore());
  const q = typeof form.get("q") === "string" && form.get("q") ? `?q=${encodeURIComponent(String(form.get("q")))}` : "";
  return redirect(`${PATH}${q}#document-${parsed.data.document}`, { status: 303, headers: noStore() });
}

export default function TechnicianLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const library = loaderData.approved ? loaderData : undefined;
  const pinnedKey = library ? library.pinnedDocuments.join("|") : "";
  const pagesKey = library ? library.tablePages.join("|") : "";
  useEffect(() => {
    // The library, every table and the pinned documents stay on the phone for reading without a signal.
    if (library) void keepLibraryOffline([PATH, ...library.tablePages], library.pinnedDocuments);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists, as their keys
  }, [pinnedKey, pagesKey]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p>
        <a href="/technician/dashboard" data-reload className={link}>
          My Jobs
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Library</h1>
      {!library ? (
        <p className="mt-4">The library of fault codes, manuals and datasheets opens once the office approves your application.</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Fault codes, manuals and datasheets, the office&apos;s own included. Pin a document to read it without a signal; the fault-code tables are kept on this phone too.
          </p>
          <form method="get" action={PATH} role="search" aria-label="Library" className="mt-4 flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor="library-q" className="block text-sm font-semibold">
                Brand, model or fault code
              </label>
              <input id="library-q" name="q" type="search" maxLength={100} defaultValue={library.q ?? ""} aria-describedby="library-q-hint" className="mt-1 block h-11 w-full rounded-md border border-slate-400 px-3 dark:border-slate-500 dark:bg-slate-900" />
              <p id="library-q-hint" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                e.g. ABB ACS580, or F0001 as the keypad shows it.
              </p>
            </div>
            <div className="flex gap-3 pb-7">
              <Button type="submit">Search</Button>
              {library.q && (
                <a href={PATH} data-reload className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
                  Clear
                </a>
              )}
            </div>
          </form>
          <FormError message={failure?.errors.form} />

          <TitledSection headingId="documents-heading" title={<>Manuals and datasheets ({library.documents.length})</>} className="mt-6" headingClassName="text-xl font-semibold">
            {library.documents.length === 0 ? (
              <p className="mt-2">{library.q ? `No manual or datasheet matches “${library.q}”.` : "The office has not uploaded any manuals or datasheets yet."}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
                {library.documents.map((d) => (
                  <li key={d.id} id={`document-${d.id}`} className="flex flex-wrap items-center gap-3 py-3">
                    <div className="min-w-0 flex-1">
                      <a href={d.href} data-reload className={`${link} font-semibold`}>
                        {d.title}
                      </a>
                      <span className="block text-sm text-slate-700 dark:text-slate-300">
                        {libraryKindLabel(d.kind)} · {d.brand} {d.model} · {d.pages} {d.pages === 1 ? "page" : "pages"}
                        {d.public ? "" : " · staff only"}
                        {d.pinned ? " · pinned: on this phone" : ""}
                      </span>
                    </div>
                    <IntentForm intent={d.pinned ? "unpin" : "pin"}>
                      <input type="hidden" name="document" value={d.id} />
                      {library.q && <input type="hidden" name="q" value={library.q} />}
                      <Button type="submit" variant="secondary" size="small" aria-label={`${d.pinned ? "Unpin" : "Pin"} ${d.title}`}>
                        {d.pinned ? "Unpin" : "Pin"}
                      </Button>
                    </IntentForm>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>

          <TitledSection headingId="tables-heading" title={<>Fault-code tables ({library.faultTables.length})</>} className="mt-8" headingClassName="text-xl font-semibold">
            {library.faultTables.length === 0 ? (
              <p className="mt-2">{library.q ? `No fault-code table or code matches “${library.q}”.` : "No fault-code tables yet."}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
                {library.faultTables.map((t) => (
                  <li key={t.slug} className="py-3">
                    <a href={t.href} data-reload className={`${link} font-semibold`}>
                      {t.brand} {t.series}
                    </a>
                    <span className="text-sm text-slate-700 dark:text-slate-300">
                      {" "}
                      · {t.codes} {t.codes === 1 ? "code" : "codes"}
                      {t.public ? "" : " · staff only"}
                    </span>
                    {t.matches.length > 0 && (
                      <ul className="mt-1 text-sm">
                        {t.matches.map((c) => (
                          <li key={c.code}>
                            <a href={`${t.href}#code-${encodeURIComponent(c.code)}`} data-reload className={link}>
                              <span className="font-mono">{c.code}</span> {c.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
        </>
      )}
    </div>
  );
}
