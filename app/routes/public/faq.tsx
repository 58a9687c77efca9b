import { listEntries, renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { FaqList } from "~/components/faq-list.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/faq";

/** The order of the groups on the page; a group not listed here follows them, in order of appearance. */
const GROUP_ORDER = ["Service requests", "Repairs & warranty", "AMC", "Payments & GST", "Technicians & careers", "Data & privacy"];


function groupId(group: string): string {
  return group.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

export async function loader() {
  const [site, entries] = await Promise.all([getSiteSettings(), listEntries("faq")]);
  const faqs = entries.map((e) => ({
    group: e.data.group,
    question: e.title,
    answer: withSupportEmail(e.body, site),
  }));
  const names = [...GROUP_ORDER, ...new Set(faqs.map((f) => f.group).filter((g) => !GROUP_ORDER.includes(g)))];
  const groups = names
    .map((name) => ({
      name,
      id: groupId(name),
      items: faqs.filter((f) => f.group === name).map((f) => ({ question: f.question, answerHtml: renderMarkdown(f.answer) })),
    }))
    .filter((g) => g.items.length > 0);
  return {
    groups,
    meta: seo(site, {
      type: "faq",
      title: "Frequently Asked Questions",
      description:
        "Answers on service requests, repairs and warranty, AMC, payments and GST, technicians and careers, and how we handle your data.",
      path: "/faq",
      faqs: faqs.map((f) => ({ question: f.question, answer: f.answer })),
      breadcrumbs: [{ name: "FAQ", path: "/faq" }],
    }),
  };
}

export const meta = routeMeta;

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  const { identity } = useSite();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "FAQ", path: "/faq" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Frequently asked questions</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
        Quick answers about working with us. If your question is not here, call or message us: the line is answered
        24 hours a day.
      </p>
      <nav aria-label="FAQ topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {groups.map((g) => (
            <li key={g.id}>
              <a
                href={`#${g.id}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {g.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section key={g.id} id={g.id} aria-labelledby={`${g.id}-heading`} className="mt-10 scroll-mt-4">
          <h2 id={`${g.id}-heading`} className="text-2xl font-bold">
            {g.name}
          </h2>
          <FaqList items={g.items} />
        </section>
      ))}
      <aside aria-labelledby="faq-help-heading" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900">
        <h2 id="faq-help-heading" className="text-lg font-semibold">
          Still have a question?
        </h2>
        <div className="mt-4">
          <ContactActions
            identity={identity}
            requestHref="/request"
            whatsappText="Hello, I have a question about your services."
          />
        </div>
      </aside>
    </div>
  );
}
