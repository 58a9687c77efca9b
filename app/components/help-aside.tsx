import type { ReactNode } from "react";
import { useSite } from "~/lib/use-site.ts";
import { ContactActions } from "./contact-actions.tsx";

/** The box at the end of an article or case study: a reader with the same fault reaches us from there. */
export function HelpAside({ title, whatsappText, children }: { title: string; whatsappText: string; children?: ReactNode }) {
  const { identity } = useSite();
  return (
    <aside aria-labelledby="help-heading" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900">
      <h2 id="help-heading" className="text-lg font-semibold">
        {title}
      </h2>
      {children && <p className="mt-2 text-slate-700 dark:text-slate-300">{children}</p>}
      <div className="mt-4">
        <ContactActions identity={identity} requestHref="/request" whatsappText={whatsappText} />
      </div>
    </aside>
  );
}
