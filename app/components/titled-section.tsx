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
  level = 2,
  children,
}: {
  /** The section's own anchor, for links and for a form's post to come back to. */
  id?: string;
  headingId: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  /** 3 where the section sits inside another one. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
