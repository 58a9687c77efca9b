import type { ReactNode } from "react";

/**
 * A below-the-fold section that the browser renders lazily (content-visibility, see app.css), showing
 * skeleton bars until it does. Its content is server-rendered like any other, so crawlers and visitors
 * without JavaScript get all of it.
 */
export function DeferredSection({
  id,
  heading,
  children,
  className = "",
}: {
  /** The section's heading id; the section is labelled by it. */
  id: string;
  heading: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className="deferred-section" data-deferred="">
      <div className={`deferred-content ${className}`}>
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {heading}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
