import type { ReactNode } from "react";
import { useSite } from "~/lib/use-site.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { ContactActions } from "./contact-actions.tsx";

/**
 * The top of a public page: the breadcrumb trail, then the header with the eyebrow (the page's category, when
 * it has one), the title, the summary, whatever the page adds (`children`) and, where the page offers them,
 * the ways to get in touch (`contact`).
 */
export function PageHeading({
  trail,
  title,
  eyebrow,
  summary,
  contact,
  className = "mt-4",
  children,
}: {
  trail: Array<{ name: string; path: string }>;
  title: ReactNode;
  eyebrow?: ReactNode;
  summary?: ReactNode;
  contact?: { requestHref?: string; whatsappText: string };
  className?: string;
  children?: ReactNode;
}) {
  const { identity } = useSite();
  return (
    <>
      <Breadcrumbs trail={trail} />
      <header className={className}>
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase dark:text-accent-400">{eyebrow}</p>}
        <h1 className={`${eyebrow ? "mt-1 " : ""}text-3xl font-bold tracking-tight sm:text-4xl`}>{title}</h1>
        {summary && <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{summary}</p>}
        {children}
        {contact && (
          <div className="mt-6">
            <ContactActions identity={identity} requestHref={contact.requestHref} whatsappText={contact.whatsappText} />
          </div>
        )}
      </header>
    </>
  );
}
