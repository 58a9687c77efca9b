import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useDismiss } from "~/lib/use-dismiss.ts";

/**
 * A <details> disclosure that also closes on an outside click, on Escape and on navigation.
 * Without JavaScript it still opens and closes: the Sign In menu and the phone menu need no script.
 */
export function Disclosure({
  summary,
  summaryClassName,
  className,
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, []);
  useDismiss(ref, open, close);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <details ref={ref} className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}>
        {summary}
      </summary>
      {children}
    </details>
  );
}
