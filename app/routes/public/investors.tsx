import { findEntry, renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { postEnquiry } from "~/.server/enquiries/index.ts";
import { publishedInvestorDocuments } from "~/.server/investors/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/investors";
import { TitledSection } from "~/components/titled-section.tsx";


export async function loader({ url }: Route.LoaderArgs) {
  const [site, entry, documents] = await Promise.all([getSiteSettings(), findEntry("page", "investors"), publishedInvestorDocuments()]);
  if (!entry) return throwNotFound(url);
  return {
    page: { title: entry.title, summary: entry.summary },
    bodyHtml: renderMarkdown(withSupportEmail(entry.body, site)),
    // The reports uploaded in /admin/investors and published (issue 12 §8).
    documents,
    meta: seo(site, {
      type: "about",
      title: entry.title,
      description: entry.summary,
      path: "/investors",
      breadcrumbs: [{ name: entry.title, path: "/investors" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["investor"]));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

export default function Investors({ loaderData, actionData }: Route.ComponentProps) {
  const { page, bodyHtml, documents } = loaderData;
  const { identity } = useSite();
  const enquiry = `${mailtoHref(identity.supportEmail)}?subject=${encodeURIComponent("Investor enquiry")}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading trail={[{ name: page.title, path: "/investors" }]} title={page.title} summary={page.summary} />
      <Prose html={bodyHtml} className="mt-8" />
      {documents.length > 0 && (
        <TitledSection headingId="investor-documents" className="mt-10" headingClassName="text-2xl font-bold" title="Reports and documents">
          <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
                <a href={d.href} className="min-w-0 font-medium break-words text-brand-700 underline dark:text-sky-300">
                  {d.title}
                  {d.period ? ` (${d.period})` : ""}
                </a>
                <span className="text-sm text-slate-700 dark:text-slate-300">PDF, {d.bytes < 1024 * 1024 ? `${Math.max(1, Math.round(d.bytes / 1024))} KB` : `${(d.bytes / (1024 * 1024)).toFixed(1)} MB`}</span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
      <FormSection
        id="investor-enquiry"
        title="Send an investor enquiry"
        intro={
          <>
            Tell us who you are and the nature of your interest; the management replies in confidence. You can also
            write to{" "}
            <a href={enquiry} className="font-medium text-brand-700 underline dark:text-sky-300">
              {identity.supportEmail}
            </a>{" "}
            or call{" "}
            <a href={telHref(identity.supportPhone)} className="font-medium text-brand-700 underline dark:text-sky-300">
              {formatIndianPhone(identity.supportPhone)}
            </a>
            .
          </>
        }
      >
        <EnquiryForm form="investor" action="/investors#investor-enquiry" failure={actionData} />
      </FormSection>
    </article>
  );
}
