import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button.tsx";

/** The top of every back-office screen: its title, a line on what it is for, and its main actions. */
export function PageHeader({ title, description, actions, back }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: { href: string; label: string } }) {
  return (
    <div className="mb-5">
      {back && (
        <p className="mb-2 text-sm">
          <a href={back.href} className="font-medium text-brand-700 underline dark:text-sky-300">
            ← {back.label}
          </a>
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-slate-700 dark:text-slate-300">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** A link styled as a secondary button (export, open, back). */
export function ButtonLink({ href, children, download, primary = false }: { href: string; children: ReactNode; download?: boolean; primary?: boolean }) {
  return (
    <a
      href={href}
      download={download ? "" : undefined}
      className={buttonClass({ variant: primary ? "primary" : "secondary", size: "small" })}
    >
      {children}
    </a>
  );
}
