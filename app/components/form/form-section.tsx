import type { ReactNode } from "react";

/** A page's form under its heading, with an anchor that the form's post comes back to. */
export function FormSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-800">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title}
      </h2>
      {intro && <p className="mt-2 mb-5 text-slate-700 dark:text-slate-300">{intro}</p>}
      {!intro && <div className="mb-5" />}
      {children}
    </section>
  );
}
