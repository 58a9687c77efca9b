import { Prose } from "./prose.tsx";

/** Questions as <details> (works without JavaScript), answers rendered from Markdown on the server. */
export function FaqList({ items }: { items: Array<{ question: string; answerHtml: string }> }) {
  return (
    <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {items.map((f) => (
        <details key={f.question} className="group p-4">
          <summary className="cursor-pointer font-semibold">{f.question}</summary>
          <Prose html={f.answerHtml} className="mt-2 prose-sm" />
        </details>
      ))}
    </div>
  );
}
