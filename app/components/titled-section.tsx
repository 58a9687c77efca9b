import type { ReactNode } from "react";

/**
 * A section named by its own heading (`aria-labelledby`), so screen readers list it as a landmark under that
 * name. Plain markup with no state: it adds nothing to a page's client work beyond rendering.
 */
export function TitledSection({
  id,
  headingId,
  title,
  className,
  headingClassName,
  children,
}: {
  /** The section's own anchor, for links and for a form's post to come back to. */
  id?: string;
  headingId: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
