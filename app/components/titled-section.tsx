import type { ReactNode } from "react";

/**
 * A section named by its own heading (`aria-labelledby`), so screen readers list it as a landmark under that
 * name. Plain markup with no state: it adds nothing to a page's client work beyond rendering.
 */
export function TitledSection({
  headingId,
  title,
  className,
  headingClassName,
  children,
}: {
  headingId: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
