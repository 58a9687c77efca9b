import type { ReactNode } from "react";

/**
 * A part of a back-office screen under its own heading, labelled by it so that screen readers (and the e2e
 * tests, by role and name) find the region by its title. `id` is the heading's id; `heading` its classes, by
 * default the panel size; `level` 3 where the section sits inside another one.
 */
export function HeadedSection({
  id,
  title,
  className,
  heading = "text-lg font-semibold",
  level = 2,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  heading?: string;
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={heading}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
