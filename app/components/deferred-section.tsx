import type { CSSProperties, ReactNode } from "react";

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
  size,
}: {
  /** The section's heading id; the section is labelled by it. */
  id: string;
  heading: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * About how tall the section is, in rem, on a phone (< 640 px), a tablet (640-1023 px) and wider: the
   * space it takes until it is rendered. A section shorter than its content would, until rendered, overlap
   * the next one (which accessibility checkers then see as overlapping links), and a wrong size makes the
   * page jump when it renders: measure again when a section's content changes much.
   */
  size: readonly [phone: number, tablet: number, desktop: number];
}) {
  return (
    <section
      aria-labelledby={id}
      className="deferred-section"
      data-deferred=""
      style={{ "--size-phone": `${size[0]}rem`, "--size-tablet": `${size[1]}rem`, "--size-desktop": `${size[2]}rem` } as CSSProperties}
    >
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
