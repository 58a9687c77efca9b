import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatDate } from "~/lib/format.ts";

export interface LegalTextProps {
  page: {
    title: string;
    summary: string;
    number: number;
    label: string;
    effectiveOn: string;
    path: string;
    current: { number: number; path: string } | null;
  };
  versions: Array<{ number: number; effectiveOn: string; path: string; current: boolean }>;
  bodyHtml: string;
  trail: Array<{ name: string; path: string }>;
}

/** A legal text as the site shows it (/privacy and /privacy/versions/{n}): its version, the text, and every version. */
export function LegalText({ page, versions, bodyHtml, trail }: LegalTextProps) {
  const earlier = versions.filter((v) => v.number !== page.number);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={trail} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {page.title}
          {page.current && <span className="block text-xl font-semibold">Version {page.number}</span>}
        </h1>
        <p className="mt-2 text-sm font-semibold text-slate-700 dark:text-slate-300">
          Version {page.number}
          {page.label !== String(page.number) && <span className="font-normal"> ({page.label})</span>}
          <span className="font-normal">
            {", in force from "}
            <time dateTime={page.effectiveOn}>{formatDate(page.effectiveOn)}</time>
          </span>
        </p>
        {page.current && (
          <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
            This is an earlier version, kept because consents given while it was in force refer to it. The version in force now is{" "}
            <a href={page.current.path} className="font-semibold underline">
              version {page.current.number}
            </a>
            .
          </p>
        )}
        {page.summary && <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{page.summary}</p>}
      </header>
      <Prose html={bodyHtml} className="mt-8" />
      {earlier.length > 0 && (
        <nav aria-labelledby="versions-heading" className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
          <h2 id="versions-heading" className="text-lg font-semibold">
            {page.current ? "Other versions" : "Earlier versions"}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {earlier.map((v) => (
              <li key={v.number}>
                <a href={v.current ? page.current?.path : v.path} className="underline underline-offset-2">
                  Version {v.number}
                </a>
                , in force from <time dateTime={v.effectiveOn}>{formatDate(v.effectiveOn)}</time>
                {v.current && " (current)"}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
