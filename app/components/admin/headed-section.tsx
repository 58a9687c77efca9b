import type { ReactNode } from "react";

/**
 * A record page's part under its own h2, named by that heading for screen readers (aria-labelledby), so that
 * every part of a back-office page is reachable as a region and its heading id cannot drift from the label.
 */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName = "text-xl font-semibold",
  children,
}: {
  /** The heading's id is `${id}-heading`. */
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
